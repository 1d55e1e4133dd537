/**
 * Adding and editing a qualification (SPEC 2.7; decision 057): the fields its kind needs and
 * its certificate, a PDF, PNG or JPEG of at most 5 MB (the store checks the file's content).
 * What is sent is reviewed: the page goes back to the list, which shows it pending review.
 * Offline, the form says changes need the connection and sends nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type * as z from 'zod';
import {
  CERTIFICATE_MAX_BYTES,
  QUALIFICATION_MESSAGES,
  qualificationDetailsSchema,
  qualificationMessageOf,
  type Certificate,
} from '../../../../domain/qualification/qualification';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import { withValues } from '../../../../domain/shared/message';
import { ApiError } from '../../../infra/api';
import { domainResolver } from '../../../infra/forms';
import { qualificationStoreFor } from '../../../infra/qualifications/qualification-store';
import { describedBy, Field } from '../../../shell/FormField';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame, ChangesNeedConnection, useOnline } from '../components/AccountFrame';
import { KIND_COPY } from './qualification-copy';
import { qualificationsPath, QUALIFICATIONS_PATH } from './qualification-paths';
import type { QualificationFormRouteData } from './qualifications-loader';
import './qualifications.css';

type DetailsInput = z.input<typeof qualificationDetailsSchema>;
type DetailsOutput = z.output<typeof qualificationDetailsSchema>;
type FieldName = 'title' | 'issuer' | 'reference' | 'issuedOn' | 'expiresOn';

const newId = (): string => crypto.randomUUID();

export function QualificationFormPage() {
  const { kind, editing, mode, read } = useLoaderData<QualificationFormRouteData>();
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const online = useOnline();
  const id = useId();
  const copy = KIND_COPY[kind];
  const heading = i18n._(mode === 'add' ? copy.add : copy.edit);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const fileId = `${id}-certificate`;
  const focusFile = () => document.getElementById(fileId)?.focus();
  // One id per add page: a submission sent again after a lost answer is added once.
  const [qualificationId] = useState(newId);

  const labels: Record<FieldName, string> = {
    title: i18n._(copy.title),
    issuer: i18n._(copy.issuer),
    reference: copy.reference ? i18n._(copy.reference) : '',
    issuedOn: i18n._(copy.issuedOn),
    expiresOn: copy.expiresOn ? i18n._(copy.expiresOn) : '',
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: domainResolver(qualificationDetailsSchema, i18n, labels),
    defaultValues: {
      kind,
      title: editing?.title ?? '',
      issuer: editing?.issuer ?? '',
      reference: editing?.reference ?? '',
      issuedOn: editing?.issuedOn ?? '',
      expiresOn: editing?.expiresOn ?? '',
    },
  });

  /** The store's refusal in the page's words, on its field when it names one. */
  function showRefusal(error: unknown): void {
    if (error instanceof ApiError && error.status < 500) {
      const fields = error.body?.error.fields ?? [];
      let shown = false;
      for (const field of fields) {
        const descriptor = qualificationMessageOf(field.code);
        if (!descriptor) continue;
        const text = i18n._(withValues(descriptor, field.values ?? {}));
        const name = field.path.replace(/^details\./, '') as FieldName;
        if (name in labels && labels[name] !== '') {
          setError(name, { message: text }, { shouldFocus: !shown });
        } else if (field.code.startsWith('qualification.certificate')) {
          setFileError(text);
          focusFile();
        } else {
          setFailure(text);
        }
        shown = true;
      }
      if (shown) return;
    }
    setFailure(
      online
        ? i18n._(GENERAL_ERRORS.technical)
        : t`You are offline. Saving a qualification needs the connection.`,
    );
  }

  const onSubmit = handleSubmit(async (details) => {
    setFailure(null);
    setFileError(undefined);
    if (!file && mode === 'add') {
      setFileError(i18n._(QUALIFICATION_MESSAGES.certificateRequired));
      focusFile();
      return;
    }
    if (file && file.size > CERTIFICATE_MAX_BYTES) {
      setFileError(i18n._(QUALIFICATION_MESSAGES.certificateTooLarge));
      focusFile();
      return;
    }
    const store = await qualificationStoreFor();
    if (!store) return;
    try {
      let certificate: Certificate | undefined;
      if (file) certificate = await store.upload(file);
      if (mode === 'add' && certificate) {
        await store.submit({ qualificationId, details, certificate });
      } else if (editing) {
        await store.edit(editing.id, { details, ...(certificate ? { certificate } : {}) });
      }
      const title = details.title;
      await navigate(qualificationsPath(storefront.locale), {
        state: {
          saved:
            mode === 'add'
              ? t`${title} was added and is pending review.`
              : t`${title} was changed and is pending review again.`,
        },
      });
    } catch (error) {
      showRefusal(error);
    }
  });

  const list = qualificationsPath(storefront.locale);
  if (mode === 'edit' && !editing) {
    return (
      <AccountFrame current={QUALIFICATIONS_PATH} title={heading} heading={heading}>
        <ChangesNeedConnection savedAt={read?.fresh === false ? read.savedAt : null} />
        <p role="alert">{i18n._(QUALIFICATION_MESSAGES.missing)}</p>
        <Link to={list}>
          <Trans>Back to your qualifications</Trans>
        </Link>
      </AccountFrame>
    );
  }

  const field = (name: FieldName, type: 'text' | 'date' = 'text', autoComplete = 'off') => {
    const inputId = `${id}-${name}`;
    const message = errors[name]?.message;
    return (
      <Field id={inputId} label={labels[name]} error={message}>
        <input
          type={type}
          autoComplete={autoComplete}
          {...describedBy(inputId, message)}
          {...register(name)}
        />
      </Field>
    );
  };
  return (
    <AccountFrame current={QUALIFICATIONS_PATH} title={heading} heading={heading}>
      <ChangesNeedConnection savedAt={read?.fresh === false ? read.savedAt : null} />
      <form
        className="form qualifications-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        {field('title')}
        {field('issuer')}
        {copy.reference ? field('reference') : null}
        {field('issuedOn', 'date')}
        {copy.expiresOn ? field('expiresOn', 'date') : null}
        <Field
          id={fileId}
          label={mode === 'add' ? t`Certificate` : t`New certificate (optional)`}
          error={fileError}
          hint={
            editing
              ? t`A PDF, PNG or JPEG file of at most 5 MB. Leave empty to keep ${editing.certificate.name}.`
              : t`A PDF, PNG or JPEG file of at most 5 MB.`
          }
        >
          <input
            type="file"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            {...describedBy(fileId, fileError, true)}
            onChange={(event) => {
              setFileError(undefined);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </Field>
        <p className="field__hint">
          <Trans>Our staff review what you send before it counts towards your level.</Trans>
        </p>
        <div className="form__actions">
          <button type="submit" className="button-link" disabled={isSubmitting || !online}>
            {mode === 'add' ? <Trans>Send for review</Trans> : <Trans>Save changes</Trans>}
          </button>
          <Link to={list}>
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </form>
    </AccountFrame>
  );
}
