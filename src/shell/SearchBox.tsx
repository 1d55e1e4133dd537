/**
 * The header's product search: a search landmark that opens /{locale}/search.html?q=...
 * (SPEC 2.1). It keeps the current words while on the search page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useStorefront } from './use-storefront';

export function SearchBox() {
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname.endsWith('/search.html');
  const current = onSearchPage ? (params.get('q') ?? '') : '';
  // A new search in the address starts the box afresh with its words.
  return <SearchForm key={current} initial={current} />;
}

function SearchForm({ initial }: { initial: string }) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const inputId = useId();
  const action = `/${storefront.locale}/search.html`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `${action}?q=${encodeURIComponent(q)}` : action);
  };

  return (
    <form role="search" className="search-box" action={action} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        <Trans>Search products</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        value={text}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t`Search by name, code or program`}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <button type="submit">
        <span className="search-box__label">
          <Trans>Search</Trans>
        </span>
      </button>
    </form>
  );
}
