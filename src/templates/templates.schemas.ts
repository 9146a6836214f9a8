// TypeBox schemas of templates: validation, types and OpenAPI from one source.
import { Type } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';
import { BinaryPart } from '../storage/uploads/upload.schemas.ts';

const FormatEnum = StringEnum(['word', 'excel', 'slides'] as const, { description: '`slides` (.pptx, .potx), `word` (.docx, .dotx) or `excel` (.xlsx, .xltx).' });
const Name = Type.String({ minLength: 1, maxLength: 200, description: '1-200 characters.' });
const Description = Type.String({ maxLength: 2000, description: 'At most 2000 characters.' });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20, uniqueItems: true, description: 'At most 20 tags of 1-50 characters.' });

/** The text fields of POST /templates (multipart: every value arrives as a string). */
export const TemplateUploadFields = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  tags: Type.Optional(Type.String({ maxLength: 1100, description: 'Comma-separated tags (`brand,2025`) or a JSON array of strings; at most 20 tags of 1-50 characters.' })),
  is_default: Type.Optional(StringEnum(['true', 'false'] as const, { description: '`true` makes this the organization\'s default template for its format (the previous default stops being one).' })),
}, { additionalProperties: false, required: ['name'] });

export const TemplateUploadBody = Type.Object({
  file: BinaryPart('The template: .pptx or .potx (slides), .docx or .dotx (word), .xlsx or .xltx (excel). The type is sniffed from the bytes.'),
  ...TemplateUploadFields.properties,
}, { additionalProperties: false, required: ['file', 'name'] });

/** PUT /templates/{id}/file takes only the file. */
export const TemplateFileFields = Type.Object({}, { additionalProperties: false });
export const TemplateFileBody = Type.Object({
  file: BinaryPart('The new version, of the same format as the template.'),
}, { additionalProperties: false, required: ['file'] });

export const TemplatePatchBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Nullable(Description)),
  tags: Type.Optional(Tags),
  is_default: Type.Optional(Type.Boolean({ description: 'true: the organization\'s default for this format (any other default of the format stops being one); false: no longer the default.' })),
}, { additionalProperties: false, minProperties: 1 });

export const TemplateParams = Type.Object({ template_id: Type.String({ maxLength: 100 }) });

export const TemplateListQuery = Type.Object({
  ...PageQuery,
  format: Type.Optional(FormatEnum),
}, { additionalProperties: false });

const StyleUse = Type.Object({
  style_id: Nullable(Type.String(), { description: 'The template\'s style id; null when Folio adds the style when first needed.' }),
  name: Type.String(),
  source: StringEnum(['template', 'added'] as const, { description: '`template`: the template\'s own style; `added`: the template lacks it, Folio adds one based on Normal with the template\'s heading font and colour.' }),
});

const Layout = Type.Object({
  layout_id: Type.String({ description: '`layout1`, `layout2`, ... in the order the masters list their layouts.' }),
  name: Type.String(),
  master: Type.Integer({ description: '1-based slide master the layout belongs to.' }),
  placeholders: Type.Array(Type.String(), { description: 'Placeholder kinds: `title`, `subtitle`, `text`, `content`, `chart`, `table`, `picture`, `diagram`, `media`, `date`, `footer`, `slide_number`, ...' }),
  used_for: Type.Array(Type.String(), { description: 'The kinds of slides Folio makes with this layout: `title`, `section`, `bullets`, `two_column`, `chart`, `table`, `image`, `quote`, `closing`, `title_only`, `blank`.' }),
  thumbnail_url: Nullable(Type.String({ format: 'uri' }), { description: 'Signed PNG link of the layout rendered with labelled placeholders (expires with `file.download_url`); null when it could not be rendered (see `warnings`).' }),
});

export const TemplateAnalysis = Type.Object({
  fields: Type.Array(Type.String(), { description: '`{{name}}` fields found in the template; fill them with `fields` on the generate endpoints.' }),
  slides: Type.Optional(Type.Object({
    slide_size: Type.Object({ width_emu: Type.Integer(), height_emu: Type.Integer(), width_in: Type.Number(), height_in: Type.Number(), aspect_ratio: Type.String({ description: '`16:9`, `4:3`, `16:10`, ... or the ratio.' }) }),
    masters: Type.Integer(),
    theme: Type.Object({ name: Nullable(Type.String()), heading_font: Type.String(), body_font: Type.String() }),
    layouts: Type.Array(Layout),
    sample_slides: Type.Integer({ description: 'Slides the template holds; dropped from new decks unless the prompt asks to keep or fill them, or `fields` is given.' }),
  })),
  document: Type.Optional(Type.Object({
    page: Type.Object({
      size: Nullable(Type.String(), { description: '`A4`, `Letter`, `Legal`, `A5`, `A3`, or null for another size.' }),
      width_mm: Type.Number(), height_mm: Type.Number(), orientation: StringEnum(['portrait', 'landscape'] as const),
      margins_mm: Type.Object({ top: Type.Number(), right: Type.Number(), bottom: Type.Number(), left: Type.Number() }),
      sections: Type.Integer(),
    }),
    theme: Type.Object({ name: Nullable(Type.String()), heading_font: Nullable(Type.String()), body_font: Nullable(Type.String()) }),
    styles: Type.Record(Type.String(), StyleUse, { description: 'The style Folio writes each role in: `title`, `subtitle`, `heading_1`-`heading_3`, `list_bullet`, `list_number`, `caption`, `quote`, `table`.' }),
    has_header: Type.Boolean(),
    has_footer: Type.Boolean(),
    sample_blocks: Type.Integer({ description: 'Paragraphs and tables of the template\'s body; dropped from new documents unless asked to keep them (headers, footers and section settings stay).' }),
  })),
  workbook: Type.Optional(Type.Object({
    theme: Type.Object({ name: Nullable(Type.String()), heading_font: Type.String(), body_font: Type.String(), accents: Type.Array(Type.String()) }),
    normal_font: Type.Object({ name: Nullable(Type.String()), size: Nullable(Type.Number()) }),
    table_style: Type.Object({ name: Type.String(), source: StringEnum(['template', 'folio'] as const) }),
    sheets: Type.Array(Type.Object({ name: Type.String(), kind: Type.String(), state: Type.String() })),
    sample_sheets: Type.Integer({ description: 'Sheets of the template; replaced by the sheets Folio writes unless asked to keep them.' }),
  })),
});

const TemplateFile = Type.Object({
  file_name: Type.String(),
  content_type: Type.String({ description: 'Sniffed from the bytes (template types such as `application/vnd.openxmlformats-officedocument.presentationml.template` included).' }),
  size: Type.Integer(),
  sha256: Type.String(),
  download_url: Type.String({ format: 'uri', description: 'Signed link to this version\'s bytes.' }),
  download_url_expires_at: Timestamp,
});

export const Template = Type.Object({
  template_id: Type.String({ description: '`tpl_` + ULID.' }),
  format: FormatEnum,
  name: Type.String(),
  description: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  is_default: Type.Boolean({ description: 'The organization\'s default for this format: generate calls without `template_id` (and without `init_file` or `run_id`) use it.' }),
  version: Type.Integer({ description: 'The current version (1 on upload, +1 per PUT /templates/{id}/file). Runs record the version they were made from.' }),
  file: TemplateFile,
  analysis: TemplateAnalysis,
  warnings: Type.Array(Type.String(), { description: 'What will not look as the template might suggest, e.g. no layout with a content placeholder.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TemplateVersion = Type.Object({
  version: Type.Integer(),
  file_name: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  created_at: Timestamp,
});

export const TemplateWithVersions = Type.Object({
  ...Template.properties,
  versions: Type.Array(TemplateVersion, { description: 'Every version, newest first.' }),
});
