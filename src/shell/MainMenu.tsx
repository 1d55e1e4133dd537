/**
 * The three-group main menu (SPEC 2.3) as disclosure buttons with panels: Enter, Space or a
 * tap opens a group; Tab walks its links; Escape closes it and returns to its button; the
 * arrow keys move between the groups. Following a link, clicking elsewhere or leaving the
 * menu closes it.
 * With the editable header flag, the editor's sanitized markup replaces the structured menu.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useRegionalContent } from './content/regional-content';
import { SmartLink } from './SmartLink';

export function MainMenu({ id }: { id: string }) {
  const { t } = useLingui();
  const { nav, navMarkup } = useRegionalContent();
  const [open, setOpen] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const prefix = useId();

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  if (navMarkup !== null) {
    return (
      <nav
        id={id}
        aria-label={t`Main menu`}
        className="main-menu main-menu--editable"
        // Sanitized with DOMPurify in src/infra/content.ts before it got here.
        dangerouslySetInnerHTML={{ __html: navMarkup }}
      />
    );
  }

  const focusButton = (index: number) => {
    const count = nav.items.length;
    buttons.current[(index + count) % count]?.focus();
  };

  const onButtonKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case 'ArrowRight':
        event.preventDefault();
        focusButton(index + 1);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusButton(index - 1);
        break;
      case 'ArrowDown': {
        event.preventDefault();
        setOpen(index);
        // Move into the panel once it is shown.
        requestAnimationFrame(() => {
          document.getElementById(`${prefix}-panel-${index}`)?.querySelector('a')?.focus();
        });
        break;
      }
      case 'Escape':
        setOpen(null);
        break;
      default:
    }
  };

  const onPanelKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(null);
      buttons.current[index]?.focus();
    }
  };

  return (
    <nav id={id} ref={navRef} aria-label={t`Main menu`} className="main-menu">
      <ul className="main-menu__items">
        {nav.items.map((item, index) => {
          const panelId = `${prefix}-panel-${index}`;
          const isOpen = open === index;
          return (
            <li
              key={item.title}
              className="main-menu__item"
              onBlur={(event) => {
                // Focus moving to another group, or out of the menu, closes this one.
                if (isOpen && !event.currentTarget.contains(event.relatedTarget)) setOpen(null);
              }}
            >
              <button
                type="button"
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                className="main-menu__button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => {
                  setOpen(isOpen ? null : index);
                }}
                onKeyDown={onButtonKeyDown(index)}
              >
                {item.title}
              </button>
              <div
                id={panelId}
                className="main-menu__panel"
                hidden={!isOpen}
                onKeyDown={onPanelKeyDown(index)}
              >
                <div className="main-menu__lists">
                  {item.linkLists.map((list) => (
                    <section key={list.title} className="main-menu__list">
                      <h2>{list.title}</h2>
                      <ul>
                        {list.links.map((link) => (
                          <li key={`${link.title}|${link.path}`}>
                            <SmartLink
                              href={link.path}
                              onNavigate={() => {
                                setOpen(null);
                              }}
                            >
                              {link.title}
                            </SmartLink>
                            {link.description ? <p>{link.description}</p> : null}
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))}
                </div>
                {item.promo ? (
                  <aside className="main-menu__promo" aria-label={item.promo.title}>
                    <p className="main-menu__promo-title">{item.promo.title}</p>
                    <p>{item.promo.description}</p>
                    <SmartLink
                      href={item.promo.path}
                      className="button-link"
                      onNavigate={() => {
                        setOpen(null);
                      }}
                    >
                      {item.promo.cta}
                    </SmartLink>
                  </aside>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
