/** The fuzzer's checks of an answer: each kind of failure is found, and a good answer passes. */
import { describe, expect, it } from 'vitest';
import { check, type Answer } from './run';

const buyers = {
  a: { secrets: ['Qxabcdefghij', 'a-user-id'] },
  b: { secrets: ['Qxklmnopqrst'] },
};
const request = { method: 'GET', url: '/api/me/addresses', headers: {} };
const json = (text: string, status = 200): Answer => ({
  status,
  type: 'application/json; charset=utf-8',
  nosniff: true,
  text,
});
const kinds = (answer: Answer, actor: 'visitor' | 'a' | 'b' = 'b', stored: string[] = []) =>
  check(answer, request, actor, buyers, stored).map((f) => f.kind);

describe('the checks of an answer', () => {
  it('passes a JSON answer with nobody else’s data', () => {
    expect(kinds(json('{"items":[{"firstName":"Qxklmnopqrst"}]}'))).toEqual([]);
  });

  it('finds a 5xx', () => {
    expect(kinds(json('{"error":{}}', 500))).toEqual(['5xx']);
    expect(kinds(json('', 503))).toEqual(['5xx']);
  });

  it('finds another buyer’s marker or id, but not one the request itself carried', () => {
    expect(kinds(json('{"name":"Zed Qxabcdefghij"}'))).toEqual(['leak']);
    expect(kinds(json('{"name":"Zed Qxabcdefghij"}'), 'visitor')).toEqual(['leak']);
    expect(kinds(json('{"name":"Zed Qxabcdefghij"}'), 'a')).toEqual([]);
    const asked = { ...request, url: '/api/orders/a-user-id' };
    expect(check(json('{"error":"No a-user-id"}', 404), asked, 'b', buyers, []).length).toBe(0);
  });

  it('finds markup served raw in HTML, stored or reflected', () => {
    const html = (text: string): Answer => ({
      status: 200,
      type: 'text/html',
      nosniff: true,
      text,
    });
    expect(kinds(html('<p><svg/onload=alert(9)></p>'), 'a', ['<svg/onload=alert(9)>'])).toEqual([
      'unescaped',
    ]);
    expect(kinds(html(`<p><script>alert('XSS')</script></p>`))).toEqual(['unescaped']);
    expect(
      kinds(html('<p>&lt;svg/onload=alert(9)&gt;</p>'), 'a', ['<svg/onload=alert(9)>']),
    ).toEqual([]);
  });

  it('finds JSON served as another type or without nosniff', () => {
    expect(kinds({ ...json('{"a":1}'), type: 'text/plain' })).toEqual(['content-type']);
    expect(kinds({ ...json('{"a":1}'), nosniff: false })).toEqual(['content-type']);
    expect(kinds({ ...json('"<b>x</b>"'), type: 'text/plain' }, 'a', ['<b>x</b>'])).toEqual([
      'content-type',
    ]);
  });

  it('finds an answer that never came', () => {
    expect(kinds({ status: 'timeout', type: '', nosniff: false, text: '' })).toEqual(['timeout']);
  });
});
