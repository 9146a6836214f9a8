// A pino logger for CLI commands that build the service context outside the HTTP server.
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

export const Logger = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
