import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import {
  EVENT_API_VERSION,
  EVENT_CATALOG,
  EVENT_TYPES,
  eventEnvelope,
  isEventType,
  parseEventData,
} from '../../shared/domain/events/catalog.js';
import { UnitOfWork } from '../../shared/domain/unit-of-work.js';
import { buildOpenApi } from '../../shared/http/openapi.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { EVENT_TYPE_LIST, EVENTS_DOC, renderEvents, renderEventTypeList } from '../../scripts/render-events.js';

const INTERFACE_EVENTS = [
  'transaction.created',
  'transaction.status_changed',
  'transaction.completed',
  'transaction.failed',
  'deposit.detected',
  'deposit.confirmed',
  'approval.required',
  'approval.decision',
  'screening.submitted',
  'screening.completed',
  'screening.flagged',
  'screening.blocked',
];

describe('event catalog', () => {
  it('lists the 12 events of the interface as core, plus webhook.delivery.failed', () => {
    expect(EVENT_TYPES.filter((t) => EVENT_CATALOG[t].core).sort()).toEqual([...INTERFACE_EVENTS].sort());
    expect(EVENT_TYPES).toContain('webhook.delivery.failed');
  });

  it('lists exactly the types of event-types.ts, in their order (the names the worker loads without the schemas)', () => {
    expect(Object.keys(EVENT_CATALOG)).toEqual([...EVENT_TYPES]);
    expect(isEventType('screening.flagged')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('transaction.exploded')).toBe(false);
  });

  it("event-type-list.ts is exactly the catalog's keys, as scripts/render-events.ts renders them (run npm run docs:events)", () => {
    expect(readFileSync(EVENT_TYPE_LIST, 'utf8')).toBe(renderEventTypeList());
    expect(renderEventTypeList()).toContain(`  '${Object.keys(EVENT_CATALOG).at(-1)}',\n] as const;`);
  });

  it('docs/events.md is exactly what scripts/render-events.ts renders (run npm run docs:events)', () => {
    expect(readFileSync(EVENTS_DOC, 'utf8')).toBe(renderEvents());
  });

  it('documents every field of every event in docs/events.md', () => {
    const doc = renderEvents();
    for (const t of EVENT_TYPES) {
      const section = doc.split(`### ${t}\n`)[1]!.split('\n### ')[0]!;
      for (const field of Object.keys(EVENT_CATALOG[t].data.shape))
        expect(section, `${t}.${field}`).toContain(`| \`${field}\` |`);
    }
  });

  it('shows every event in the OpenAPI webhooks section with its envelope and data fields, and the document validates', async () => {
    const doc = buildOpenApi(ALL_ROUTES, { version: 'test' }) as ReturnType<typeof buildOpenApi> & {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } }
      >;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const t of EVENT_TYPES) {
      const schema = doc.webhooks[t]!.post.requestBody.content['application/json']!.schema as {
        required: string[];
        properties: { type: { const: string }; data: { properties: Record<string, unknown> } };
      };
      expect(schema.required.sort()).toEqual(['api_version', 'data', 'id', 'timestamp', 'type']);
      expect(schema.properties.type.const).toBe(t);
      expect(Object.keys(schema.properties.data.properties).sort()).toEqual(
        Object.keys(EVENT_CATALOG[t].data.shape).sort(),
      );
    }
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  it('wraps data in the envelope {id, type, api_version, timestamp, data}', () => {
    const uow = new UnitOfWork(() => new Date('2026-03-01T00:00:00.000Z'));
    const e = uow.event('t1', 'screening.submitted', { transaction_id: 'tx1', provider: 'builtin' }, 'tx1');
    expect(eventEnvelope(e)).toEqual({
      id: e.id,
      type: 'screening.submitted',
      api_version: EVENT_API_VERSION,
      timestamp: '2026-03-01T00:00:00.000Z',
      data: { transaction_id: 'tx1', provider: 'builtin' },
    });
  });

  it('refuses, at compile time and in tests at run time, an event whose data does not fit its schema', () => {
    const uow = new UnitOfWork(() => new Date());
    // @ts-expect-error previous_status is required
    expect(() => uow.event('t1', 'transaction.failed', { transaction_id: 'tx1', failure_reason: null })).toThrow(
      /previous_status/,
    );
    // @ts-expect-error not an event of the catalog
    expect(() => uow.event('t1', 'transaction.exploded', {})).toThrow(/not an event type/);
    expect(() =>
      parseEventData('screening.blocked', { transaction_id: 'tx1', provider: 'p', result: 'clean', reason: null }),
    ).toThrow(/result/);
    expect(uow.events).toEqual([]);
  });
});
