import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { renderWithMessages, setFirstLoadCode } from './i18n-server';

describe('the messages a server-rendered page is sent with', () => {
  it('are those its render used and those the first-load scripts name, and no others', () => {
    i18n.loadAndActivate({
      locale: 'fr',
      messages: { used: ['Utilisé'], frame: ['Cadre'], other: ['Autre'], viaT: ['Par t'] },
    });
    // Minified code names ids in backquotes or double quotes, after any character.
    setFirstLoadCode('a({id:`frame`});b("x y",c="zz")');
    const { result, messages } = renderWithMessages(
      () => `${i18n._('used')} ${i18n.t({ id: 'viaT' })} ${i18n._('missing')}`,
    );
    expect(result).toBe('Utilisé Par t missing');
    // A message the catalog lacks goes as its id, which is what the server rendered.
    expect(messages).toEqual({
      used: ['Utilisé'],
      viaT: ['Par t'],
      frame: ['Cadre'],
      missing: ['missing'],
    });
  });

  it('note nothing outside a render', () => {
    i18n._('other');
    const { messages } = renderWithMessages(() => null);
    expect(messages).toEqual({ frame: ['Cadre'] });
  });
});
