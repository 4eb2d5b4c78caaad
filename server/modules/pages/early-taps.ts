import { createHash } from 'node:crypto'

/**
 * A server-drawn page shows its buttons before the app has attached to them (decision 030), and
 * a tap in that moment did nothing. This script, inline in the page's head, holds each tap on a
 * `type="button"` button in the root until the app has hydrated, and the app then taps it again
 * (`web/lib/early-taps.ts`). Links and form submissions work without the app and are left alone.
 * A button tapped twice in that moment is tapped once.
 */
export const EARLY_TAPS_SCRIPT =
  "(function(){var q=window.__inkwellTaps=[];document.addEventListener('click',function(e){" +
  "var r=document.getElementById('root');if(!r||!r.hasAttribute('data-server-rendered'))return;" +
  "var b=e.target instanceof Element&&e.target.closest('button[type=button]');" +
  'if(!b||!r.contains(b)||b.disabled)return;e.preventDefault();e.stopPropagation();' +
  'if(q.indexOf(b)===-1)q.push(b)},true)})()'

/** The script's hash, which the pages' Content-Security-Policy allows (no other inline script runs). */
export const EARLY_TAPS_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`
