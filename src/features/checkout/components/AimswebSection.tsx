/**
 * 'Enter aimswebPlus account' (SPEC 2.6, 5, 6), for carts with aimswebPlus items: one of the
 * customer account's aimswebPlus accounts (listed, or typed), or a new one, with the terms
 * accepted. aimswebPlus is for organizational accounts only and needs at least $300 of its
 * products: when either rule is broken the problem is shown first and the form is disabled.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { aimswebProblem } from '../../../../domain/checkout/decide';
import type { CheckoutAccount } from '../../../../domain/checkout/facts';
import type { PlatformChoice } from '../../../../domain/checkout/state';
import type { Message } from '../../../../domain/shared/message';
import { aimswebPlusAccountSchema, termsSchema } from '../../../../domain/validation/account';
import { validate } from '../../../../domain/validation/issues';
import { V } from '../../../../domain/validation/messages';
import { describedBy, Field } from '../../../shell/FormField';
import { useCheckoutCopy } from '../hooks/use-checkout';
import { termsUrl, type SectionProps } from './CustomerAccountSection';

/** A listed account by its number, another typed in, or a new one. */
type Selection = { kind: 'listed'; number: string } | { kind: 'typed' } | { kind: 'new' } | null;

function selectionOf(choice: PlatformChoice | null, listed: readonly string[]): Selection {
  if (!choice) return null;
  if (choice.mode === 'new') return { kind: 'new' };
  return listed.includes(choice.accountNumber)
    ? { kind: 'listed', number: choice.accountNumber }
    : { kind: 'typed' };
}

interface Problems {
  selection?: Message;
  number?: Message;
  terms?: Message;
}

export function AimswebSection({
  view,
  choose,
  account,
}: SectionProps & { account: CheckoutAccount }) {
  const copy = useCheckoutCopy();
  const { t, i18n } = useLingui();
  const id = useId();
  const listed = account.aimswebAccounts;
  const chosen = view.state.aimsweb;
  const [selection, setSelection] = useState<Selection>(() => selectionOf(chosen, listed));
  const [typed, setTyped] = useState(() =>
    chosen?.mode === 'existing' && !listed.includes(chosen.accountNumber)
      ? chosen.accountNumber
      : '',
  );
  // The terms were accepted with the choice already made.
  const [terms, setTerms] = useState(() => chosen !== null);
  const [problems, setProblems] = useState<Problems>({});
  const blocked = view.cart
    ? aimswebProblem(account, { cart: view.cart, locale: view.storefront.locale })
    : null;

  const focusFirst = (found: Problems) => {
    const target = found.selection
      ? document.querySelector<HTMLInputElement>(`input[name="${id}-aimsweb"]`)
      : found.number
        ? document.getElementById(`${id}-number`)
        : found.terms
          ? document.getElementById(`${id}-terms`)
          : null;
    target?.focus();
  };

  const submit = () => {
    const found: Problems = {};
    if (!selection) found.selection = V.required;
    let accountNumber = '';
    if (selection?.kind === 'listed') accountNumber = selection.number;
    if (selection?.kind === 'typed') {
      const number = validate(aimswebPlusAccountSchema.shape.accountNumber, typed);
      if (number.ok) accountNumber = number.value;
      else found.number = number.issues[0]?.message ?? V.required;
    }
    const accepted = validate(termsSchema, terms);
    if (!accepted.ok) found.terms = accepted.issues[0]?.message ?? V.required;
    setProblems(found);
    if (!selection || found.number || found.terms) {
      focusFirst(found);
      return;
    }
    const refused = choose({
      type: 'ChooseAimswebAccount',
      data:
        selection.kind === 'new'
          ? { mode: 'new', termsAccepted: true }
          : { mode: 'existing', accountNumber, termsAccepted: true },
    });
    if (!refused) return;
    const onField = selection.kind === 'typed' ? { number: refused } : { selection: refused };
    setProblems(onField);
    focusFirst(onField);
  };

  const radio = (key: string, next: Selection, checked: boolean, label: ReactNode) => {
    const inputId = `${id}-${key}`;
    return (
      <li key={key} className="checkout-option">
        <input
          type="radio"
          id={inputId}
          name={`${id}-aimsweb`}
          checked={checked}
          onChange={() => {
            setSelection(next);
            setProblems((before) => ({ ...before, selection: undefined }));
          }}
        />
        <label htmlFor={inputId} className="accounts-option__label">
          <span className="accounts-option__name">{label}</span>
        </label>
      </li>
    );
  };

  const numberError = problems.number ? i18n._(problems.number) : undefined;
  const termsError = problems.terms ? i18n._(problems.terms) : undefined;
  return (
    <section className="checkout-section" aria-labelledby={`${id}-heading`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset
          className="accounts-group"
          disabled={blocked !== null}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
        >
          <legend>
            <h2 id={`${id}-heading`}>{copy('enterAimswebPlusAccount')}</h2>
          </legend>
          {blocked ? (
            <p id={`${id}-blocked`} className="checkout-notice checkout-notice--warning">
              {i18n._(blocked.detail)}
            </p>
          ) : null}
          <p className="field__hint" role="status">
            {chosen?.mode === 'new' ? <Trans>Chosen: a new aimswebPlus account.</Trans> : null}
            {chosen?.mode === 'existing' ? <ChosenNumber number={chosen.accountNumber} /> : null}
          </p>
          <fieldset
            className="accounts-group"
            aria-describedby={problems.selection ? `${id}-selection-error` : undefined}
          >
            <legend className="accounts-group__legend">
              <Trans>aimswebPlus account</Trans>
            </legend>
            <ul className="checkout-options">
              {listed.map((number) =>
                radio(
                  `listed-${number}`,
                  { kind: 'listed', number },
                  selection?.kind === 'listed' && selection.number === number,
                  <Trans>Existing account {number}</Trans>,
                ),
              )}
              {radio(
                'typed',
                { kind: 'typed' },
                selection?.kind === 'typed',
                listed.length > 0 ? (
                  <Trans>Another existing account</Trans>
                ) : (
                  <Trans>An existing aimswebPlus account</Trans>
                ),
              )}
              {radio(
                'new',
                { kind: 'new' },
                selection?.kind === 'new',
                <Trans>Create a new aimswebPlus account</Trans>,
              )}
            </ul>
            {problems.selection ? (
              <p id={`${id}-selection-error`} className="field__error" role="alert">
                {i18n._(problems.selection)}
              </p>
            ) : null}
          </fieldset>
          {selection?.kind === 'typed' ? (
            <Field id={`${id}-number`} label={t`aimswebPlus account number`} error={numberError}>
              <input
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                value={typed}
                {...describedBy(`${id}-number`, numberError)}
                onChange={(event) => {
                  setTyped(event.target.value);
                }}
              />
            </Field>
          ) : null}
          <div className={termsError ? 'field field--error' : 'field'}>
            <div className="accounts-checkbox">
              <input
                type="checkbox"
                checked={terms}
                {...describedBy(`${id}-terms`, termsError)}
                onChange={(event) => {
                  setTerms(event.target.checked);
                }}
              />
              <label htmlFor={`${id}-terms`}>
                <Trans>I agree to the aimswebPlus Terms & conditions</Trans>
              </label>
            </div>
            <a href={termsUrl(view.storefront.locale)} target="_blank" rel="noreferrer">
              <Trans>Read the Terms & conditions (opens in a new tab)</Trans>
            </a>
            {termsError ? (
              <p id={`${id}-terms-error`} className="field__error" role="alert">
                {termsError}
              </p>
            ) : null}
          </div>
          <div className="form__actions">
            <button type="submit" className="button-link">
              <Trans>Use this aimswebPlus account</Trans>
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function ChosenNumber({ number }: { number: string }) {
  return <Trans>Chosen: aimswebPlus account {number}.</Trans>;
}
