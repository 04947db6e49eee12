import { allows, CAREGIVER_MESSAGES, CAREGIVER_READS, hasHealthDataAccess } from '@dosedot/domain';
import { type SegmentTimes, segmentTimesOf } from '@dosedot/domain/posology';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { audit } from '../features/audit';
import { activeGrant } from '../features/caregivers';
import { openSessions } from '../features/impersonation';
import { type PatientKey, type PatientRow, patientNow } from '../features/profiles';
import { fieldError, forbidden, HttpError, notFound } from '../lib/errors';
import { requireAdminSecondFactor } from '../policies';
import { type CurrentUser, userOf } from './auth';

/*
 * The one door to a patient's data (docs/security.md). Every route that reads or writes data tied
 * to a patient is registered behind it (`door(...)` in app.ts), and reads `request.subject`, never
 * a user or profile id of its own. The door resolves the subject once per request:
 *
 * - nobody named: the signed-in user themself;
 * - someone named (the `X-Imp-User-Id` header the web app sends while impersonating, or the spec's
 *   wire selectors: `/imp/` path parameters `impUserId` and `profileuid`, the body's `impUserId` and
 *   `profileId`): the signed-in user themself again, or the patient of the administrator's open
 *   impersonation session, and nothing else. Anyone else named: 403, and nothing is read.
 *
 * Every access through a session lands in the patient's access log, naming what was touched: a
 * read before it is answered, a write inside the transaction that writes (`subject.record`).
 */

/** The header the web app sends while an administrator acts for a patient: the patient's user id. */
export const IMP_HEADER = 'x-imp-user-id';

/** What a route through the door records in the patient's access log when an administrator calls it. */
export interface AccessRecord {
  /** The action in the log, without its `impersonation.` prefix: `read_medicine`, `edit_medicine`… */
  action: string;
  /** A write records itself inside its transaction; a read is recorded before it is answered. */
  writes: boolean;
  /** What was touched, from the validated request: `{ medicine: 12, from, to }`, `{ deveui }`… */
  touched?: (request: FastifyRequest) => Record<string, unknown>;
}

export interface Subject {
  /** The patient whose data the request reads or writes. */
  userId: number;
  profileId: number;
  profileuid: string;
  email: string;
  timezone: string;
  /** The patient's day-segment times (their profile's `day_times`). */
  segmentTimes: SegmentTimes;
  /** The patient's My Health Data grant (their address is listed and confirmed). */
  healthData: boolean;
  /** Who calls: the patient themself, or an administrator in a session. */
  actor: CurrentUser;
  /**
   * How the actor reaches someone else's data: an administrator's open impersonation session (its
   * reason), or a caregiver's grant (read-only); null for one's own data.
   */
  session: { id: number; reason: string | null; as: 'impersonation' | 'caregiver' } | null;
  /**
   * Inside the transaction of a write: writes this access into the patient's access log, with what
   * the write touched (nothing for one's own data). Every write route through the door calls it.
   */
  record: (trx: Db, touched?: Record<string, unknown>) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    subject: Subject | null;
  }
  interface FastifyContextConfig {
    access?: AccessRecord;
  }
}

/** The subject of a route behind the door. */
export function subjectOf(request: FastifyRequest): Subject {
  if (!request.subject) throw new Error(`${request.routeOptions.url} is not behind the door`);
  return request.subject;
}

/** A reading route's access record: `config: reads('read_medicine', (r) => ({ medicine: r.params.id }))`. */
export const reads = (action: string, touched?: AccessRecord['touched']): { access: AccessRecord } => ({
  access: { action, writes: false, ...(touched ? { touched } : {}) },
});

/** A writing route's access record; its handler calls `subject.record(trx)` inside its transaction. */
export const writes = (action: string, touched?: AccessRecord['touched']): { access: AccessRecord } => ({
  access: { action, writes: true, ...(touched ? { touched } : {}) },
});

const IMP_USER_ID = /^[1-9][0-9]{0,14}$/;

type Named = { key: PatientKey; from: string };

/** Every patient the request names, with where it named them (validated params and body). */
function namedIn(request: FastifyRequest): Named[] {
  const named: Named[] = [];
  const header = request.headers[IMP_HEADER];
  if (header !== undefined) {
    const value = Array.isArray(header) ? header.join(',') : header;
    if (!IMP_USER_ID.test(value)) throw fieldError(IMP_HEADER, 'Invalid user');
    named.push({ key: { userId: Number(value) }, from: IMP_HEADER });
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (typeof params.impUserId === 'number')
    named.push({ key: { userId: params.impUserId }, from: 'impUserId' });
  if (typeof params.profileuid === 'string')
    named.push({ key: { profileuid: params.profileuid }, from: 'profileuid' });
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const b = body as Record<string, unknown>;
    if (typeof b.impUserId === 'number') named.push({ key: { userId: b.impUserId }, from: 'impUserId' });
    if (typeof b.profileId === 'number') named.push({ key: { profileId: b.profileId }, from: 'profileId' });
  }
  return named;
}

const notYours = () => forbidden('You can only reach your own data, or a patient of your open session');

export interface DoorOptions {
  /** A domain policy the subject (not the caller) must pass: `healthData` for My Health Data. */
  subjectPolicy?: 'healthData';
}

/**
 * Registers route plugins behind the door: inside a signed-in scope, each of their routes gets
 * `request.subject` before its handler runs (after validation, so a named patient is read typed).
 * A route behind the door without an access record fails at start: what it touches must be named.
 */
export function door(opts: DoorOptions, ...routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { healthDataEmails } = app.config;
    app.decorateRequest('subject', null);

    app.addHook('onRoute', (route) => {
      const record = (route.config as { access?: AccessRecord } | undefined)?.access;
      if (!record)
        throw new Error(`${route.method} ${route.url} is behind the door without an access record`);
    });

    const patient = (key: PatientKey) => patientNow(app.db, key);

    /** The subject, when it passes the door's subject policy (My Health Data's grant); else 403. */
    const allowed = (subject: Subject): Subject => {
      if (opts.subjectPolicy === 'healthData' && !subject.healthData)
        throw forbidden('You are not allowed to do this');
      return subject;
    };

    const resolve = async (request: FastifyRequest, actor: CurrentUser, named: Named[]): Promise<Subject> => {
      const own = await patient({ userId: actor.id });
      if (!own) throw notFound('Profile not found');
      // Every name must be the same patient.
      let target = own;
      for (const [i, n] of named.entries()) {
        const found = await patient(n.key);
        if (!found) throw notYours();
        if (i > 0 && found.id !== target.id)
          throw fieldError(n.from, 'The request names two different patients');
        target = found;
      }
      let session: Subject['session'] = null;
      if (target.id !== own.id) {
        // Someone else's data: an administrator inside an open session for that patient, or one of
        // the patient's caregivers reading (issue 26 item 5); nobody else.
        if (allows(actor, 'admin')) {
          requireAdminSecondFactor(app, actor);
          const [open] = await openSessions(app.db, actor.id, Date.now(), target.id);
          if (!open) throw forbidden('Start an impersonation session for this patient first');
          session = { id: open.id, reason: open.reason, as: 'impersonation' };
        } else {
          const grant = await activeGrant(app.db, actor.id, target.id);
          if (!grant) throw notYours();
          const action = request.routeOptions.config.access?.action ?? '';
          if (writesOf(request) || !CAREGIVER_READS.includes(action))
            throw forbidden(CAREGIVER_MESSAGES.readOnly);
          session = { id: grant.id, reason: null, as: 'caregiver' };
        }
      }
      // A caregiver never reaches My Health Data: it is the patient's own, shared with administrators only.
      const healthData =
        target.id === own.id
          ? actor.healthData
          : session?.as === 'caregiver'
            ? false
            : hasHealthDataAccess(target.email, healthDataEmails, target.confirmed === 1);
      return allowed(makeSubject(request, actor, target, session, healthData));
    };

    const enter = (request: FastifyRequest, subject: Subject): void | Promise<void> => {
      request.subject = subject;
      // A read through a session is logged before it is answered.
      if (subject.session && !writesOf(request)) return subject.record(app.db);
    };

    // A callback hook: one's own data with the profile in memory (the hot path) goes on at once.
    app.addHook('preHandler', (request, _reply, done) => {
      let pending: void | Promise<void>;
      try {
        const actor = userOf(request);
        const named = namedIn(request);
        const own = named.length === 0 ? patient({ userId: actor.id }) : undefined;
        if (own && !(own instanceof Promise)) {
          pending = enter(request, allowed(makeSubject(request, actor, own, null, actor.healthData)));
        } else pending = resolve(request, actor, named).then((subject) => enter(request, subject));
      } catch (err) {
        done(err as Error);
        return;
      }
      if (pending) pending.then(() => done(), done);
      else done();
    });

    // A write through a session that answered without recording itself is a bug of its route: the
    // access is still logged (late, outside the write's transaction) and the bug reported.
    // A callback hook: every other answer goes on at once, with no promise made for it.
    app.addHook('onResponse', (request, reply, done) => {
      const subject = request.subject;
      if (!subject?.session || !writesOf(request) || reply.statusCode >= 400 || recorded.has(subject)) {
        done();
        return;
      }
      request.log.error(
        { route: request.routeOptions.url },
        'a write through the door did not record itself',
      );
      subject.record(app.db, { late: true }).then(() => done(), done);
    });

    for (const plugin of routes) await app.register(plugin);
  };
}

const writesOf = (request: FastifyRequest) => request.routeOptions.config.access?.writes === true;

/** The subjects whose access was logged (a write records once, whatever the route calls). */
const recorded = new WeakSet<Subject>();

function makeSubject(
  request: FastifyRequest,
  actor: CurrentUser,
  target: PatientRow,
  session: Subject['session'],
  healthData: boolean,
): Subject {
  const subject: Subject = {
    userId: target.user_id,
    profileId: target.id,
    profileuid: target.profileuid,
    email: target.email,
    timezone: target.timezone,
    segmentTimes: segmentTimesOf(target.day_times),
    healthData,
    actor,
    session,
    record: async (trx, touched = {}) => {
      if (!session || recorded.has(subject)) return;
      const record = request.routeOptions.config.access;
      if (!record)
        throw new HttpError(500, 'InternalServerError', 'A route behind the door has no access record');
      recorded.add(subject);
      const by =
        session.as === 'caregiver'
          ? { caregiver: session.id }
          : { session: session.id, reason: session.reason };
      await audit(trx, {
        actorUserId: actor.id,
        action: `${session.as}.${record.action}`,
        targetType: 'profile',
        targetId: target.id,
        details: { ...by, ...record.touched?.(request), ...touched },
        ip: request.ip,
      });
    },
  };
  return subject;
}
