// The schemas every stored upload shares: the binary `file` part, the multipart body OpenAPI shows
// (that part plus the type's text fields) and the path parameter naming one record.
import { Type, type TObject, type TProperties } from 'typebox';

/** A binary form part, as OpenAPI describes it. */
export const BinaryPart = (description: string) => Type.String({ format: 'binary', description });

/** The documented multipart body: exactly one `file` part, plus the text fields the receiver validates. */
export function UploadBody<P extends TProperties>(fields: TObject<P>, fileDescription: string) {
  return Type.Object({ file: BinaryPart(fileDescription), ...fields.properties }, { additionalProperties: false, required: ['file'] });
}

/** `{ <name>: string }`, the path parameter of one record. */
export const IdParams = <N extends string>(name: N) => Type.Object({ [name]: Type.String({ maxLength: 100 }) } as { [K in N]: ReturnType<typeof Type.String> });
