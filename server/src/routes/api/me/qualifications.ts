/**
 * The caller's qualifications (SPEC 2.7, 6; decision 057): the level checkout uses, the
 * qualifications on record and those submitted here with their review status; submitting and
 * editing one; uploading its certificate (a PDF, PNG or JPEG of at most 5 MB, checked by its
 * content) and downloading it again, only by its owner and only as an attachment. Another
 * user's qualification or file is 404, exactly like one that does not exist.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_NAME_MAX,
  CERTIFICATE_TYPES,
  editQualificationRequestSchema,
  QUALIFICATION_MESSAGES,
  submitQualificationRequestSchema,
  type Certificate,
  type QualificationsView,
} from '../../../../../domain/qualification/qualification';
import { requestText } from '../../../../../domain/validation/fields';
import { actingBuyer } from '../../../acting/plugin';
import type { CommandHandler } from '../../../commands/execute';
import { qualificationProfile } from '../../../customers/customer-repository';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';
import {
  certificateFile,
  changeQualifications,
  ownsCertificate,
  qualificationIdTaken,
  qualificationsOf,
  storeCertificate,
} from '../../../qualifications/qualifications';
import { ruleBody } from '../checkout/index';

const idParams = z.object({ id: z.uuid() });
const nameQuery = z.object({ name: requestText(CERTIFICATE_NAME_MAX).optional() });

/** The upload's body limit: above the certificate's, so a larger file gets its own words. */
const UPLOAD_BODY_LIMIT = CERTIFICATE_MAX_BYTES + 1024 * 1024;

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorBody('not_found', 'No such qualification.'));
}

export function registerQualificationRoutes(
  app: FastifyInstance,
  deps: { readonly db: Db; readonly commands: CommandHandler },
): void {
  const { db } = deps;

  async function viewOf(userId: string): Promise<QualificationsView> {
    const [profile, { state }] = await Promise.all([
      qualificationProfile(db, userId),
      qualificationsOf(db, userId),
    ]);
    return {
      level: profile.level,
      verifiedAt: profile.verifiedAt,
      onRecord: profile.qualifications,
      submitted: state.qualifications,
    };
  }

  app.get('/api/me/qualifications', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    const view = await viewOf(user.id);
    // `qualifications`: those on record, as before this page existed.
    return { ...view, qualifications: view.onRecord };
  });

  app.get('/api/me/qualifications/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = idParams.parse(request.params);
    const { state } = await qualificationsOf(db, user.id);
    const found = state.qualifications.find((q) => q.id === id);
    return found ?? notFound(reply);
  });

  /** A certificate the caller may name on a qualification: theirs, as uploaded. */
  async function refusedCertificate(userId: string, certificate: Certificate | undefined) {
    if (!certificate || (await ownsCertificate(db, userId, certificate))) return undefined;
    return ruleBody('qualification.certificate-missing', QUALIFICATION_MESSAGES.certificateMissing);
  }

  app.post('/api/me/qualifications', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const body = submitQualificationRequestSchema.parse(request.body);
    if (await qualificationIdTaken(db, user.id, body.qualificationId)) {
      return reply
        .code(409)
        .send(errorBody('qualification.id-taken', 'This qualification id is already in use.'));
    }
    const refused = await refusedCertificate(user.id, body.certificate);
    if (refused) return reply.code(422).send(refused);
    const outcome = await changeQualifications(
      deps,
      user.id,
      { type: 'SubmitQualification', data: body },
      request.acting,
      `qualification-submit-${user.id}-${body.qualificationId}`,
    );
    if (!outcome.ok) return reply.code(422).send(ruleBody(outcome.code, outcome.message));
    return reply.code(201).send(await viewOf(user.id));
  });

  app.put('/api/me/qualifications/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = idParams.parse(request.params);
    const body = editQualificationRequestSchema.parse(request.body);
    const { state } = await qualificationsOf(db, user.id);
    const current = state.qualifications.find((q) => q.id === id);
    if (!current || current.kind !== body.details.kind) return notFound(reply);
    const refused = await refusedCertificate(user.id, body.certificate);
    if (refused) return reply.code(422).send(refused);
    const outcome = await changeQualifications(
      deps,
      user.id,
      {
        type: 'EditQualification',
        data: {
          qualificationId: id,
          details: body.details,
          ...(body.certificate ? { certificate: body.certificate } : {}),
        },
      },
      request.acting,
    );
    if (!outcome.ok) return reply.code(422).send(ruleBody(outcome.code, outcome.message));
    return viewOf(user.id);
  });

  void app.register((scope, _options, done) => {
    // The certificate's bytes as they are, whatever type the browser named: the content decides.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );

    scope.post(
      '/api/me/qualifications/files',
      { config: { access: 'buyer' }, bodyLimit: UPLOAD_BODY_LIMIT },
      async (request, reply) => {
        const user = actingBuyer(request);
        const { name } = nameQuery.parse(request.query);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const stored = await storeCertificate(db, user.id, bytes, name);
        if (!stored.ok) {
          const code = stored.message.id;
          return reply.code(stored.status).send(ruleBody(code, stored.message));
        }
        return reply.code(201).send(stored.certificate);
      },
    );
    done();
  });

  app.get(
    '/api/me/qualifications/files/:id',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { id } = idParams.parse(request.params);
      const file = await certificateFile(db, user.id, id);
      if (!file || !(CERTIFICATE_TYPES as readonly string[]).includes(file.type)) {
        return reply.code(404).send(errorBody('not_found', 'No such file.'));
      }
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
      return reply
        .header('content-type', file.type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
}
