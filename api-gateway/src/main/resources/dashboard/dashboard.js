// The dashboard's one script. Pages read and show without it; it sends a confirmed action to the merchant API as the
// signed-in member. A form marked with data-api-path (and data-api-method, POST by default) is sent as JSON to
// /dashboard/api<path> with the session's CSRF token (x-csrf-token, from <meta name="csrf-token">) and the form's
// Idempotency-Key (data-idempotency-key, minted when the page was made, so a double click is one action). A field's
// name is the API's field name; data-json="number" sends its text as a JSON number exactly as typed (never through a
// float), data-json="boolean" its value as true or false, data-json="lines" a list of its non-empty lines, a checkbox
// true or false; an empty field is left out.
// On success the page goes to data-next ({id} is the id the answer names at data-next-id, a dotted path); on a
// refusal the API's error shows in the form's [data-error] and a new key is minted, so a corrected form is a new
// request. Elements with data-copy copy their value (or text) to the clipboard.
// A DELETE carries no Idempotency-Key, and a body only when its form has fields (turning a second factor off takes its code).
// A form with data-show-secret (a dotted path of the answer: a webhook endpoint's new signing secret) does not go on
// at once: the secret shows once in the page's [data-secret] panel ([data-secret-value]), whose [data-secret-next]
// link goes on to data-next; the form hides. The secret is nowhere else: reloading the page shows it no more.
// A list of secrets (a member's recovery codes) shows a line each.
// A button with data-reveal-path (an endpoint's current signing secret) reads that API path as the member and shows the
// answer's secret in its [data-reveal] region's [data-reveal-value], with the region's [data-revealed] elements (a Copy
// button); a refusal shows in the region's [data-error].
// A form with data-upload sends its chosen file as the body (its own Content-Type, no Idempotency-Key: a PUT), the
// way a checkout logo is uploaded. An input with data-mirror copies its value to the input of that id as it changes
// (a colour picker and the #rrggbb text beside it), only ever a #rrggbb colour.
(() => {
  'use strict';
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? '';

  function newKey() {
    return crypto.randomUUID ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  /** The form's fields as JSON text: numbers stay as typed, so an amount is never rounded on its way. */
  function body(form) {
    const parts = [];
    for (const field of form.elements) {
      if (!field.name || field.disabled || field.type === 'submit' || field.dataset.local !== undefined) {
        continue;
      }
      const name = JSON.stringify(field.name);
      if (field.type === 'checkbox') {
        parts.push(`${name}:${field.checked}`);
        continue;
      }
      if (field.type === 'radio' && !field.checked) {
        continue;
      }
      const value = field.value.trim();
      if (value === '') {
        continue;
      }
      if (field.dataset.json === 'boolean') {
        parts.push(`${name}:${value === 'true'}`);
      } else if (field.dataset.json === 'number' && /^-?\d+(\.\d+)?$/.test(value)) {
        parts.push(`${name}:${value}`);
      } else if (field.dataset.json === 'lines') {
        const lines = value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
        parts.push(`${name}:${JSON.stringify(lines)}`);
      } else {
        // A number the API should refuse (letters, a comma) goes as text, so the refusal names the field.
        parts.push(`${name}:${JSON.stringify(value)}`);
      }
    }
    return `{${parts.join(',')}}`;
  }

  function at(object, path) {
    return path.split('.').reduce((value, key) => (value == null ? value : value[key]), object);
  }

  function reveal(form, secret, next) {
    const panel = document.querySelector('[data-secret]');
    const value = panel?.querySelector('[data-secret-value]');
    if (!panel || !value) {
      window.location.assign(next);
      return;
    }
    value.value = Array.isArray(secret) ? secret.join('\n') : (secret ?? '');
    panel.querySelector('[data-secret-next]')?.setAttribute('href', next);
    form.hidden = true;
    panel.hidden = false;
    value.focus();
    value.select();
  }

  /** The API's refusal as the page says it: its sentence and its code. */
  function refusal(answer, response) {
    return `${answer.error || `The request failed (HTTP ${response.status}).`}${answer.code ? ` (${answer.code})` : ''}`;
  }

  function showError(error, text) {
    if (error) {
      error.textContent = text;
      error.hidden = false;
      error.focus();
    }
  }

  async function send(form, event) {
    event.preventDefault();
    const button = event.submitter ?? form.querySelector('button[type=submit]');
    const error = form.querySelector('[data-error]');
    if (button) {
      button.disabled = true;
    }
    if (error) {
      error.hidden = true;
    }
    try {
      const method = form.dataset.apiMethod || 'POST';
      const headers = { 'x-csrf-token': csrf, Accept: 'application/json' };
      const init = { method, headers, credentials: 'same-origin' };
      if (form.dataset.upload !== undefined) {
        const file = form.querySelector('input[type=file]')?.files?.[0];
        headers['Content-Type'] = file?.type || 'application/octet-stream';
        init.body = file ?? new Blob();
      } else if (method !== 'DELETE') {
        headers['Content-Type'] = 'application/json';
        headers['Idempotency-Key'] = form.dataset.idempotencyKey || newKey();
        init.body = body(form);
      } else if (body(form) !== '{}') {
        headers['Content-Type'] = 'application/json';
        init.body = body(form);
      }
      const response = await fetch(`/dashboard/api${form.dataset.apiPath}`, init);
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        const id = form.dataset.nextId ? at(answer, form.dataset.nextId) : '';
        const next = (form.dataset.next || window.location.pathname).replace('{id}', encodeURIComponent(id ?? ''));
        if (form.dataset.showSecret) {
          reveal(form, at(answer, form.dataset.showSecret), next);
        } else {
          window.location.assign(next);
        }
        return;
      }
      form.dataset.idempotencyKey = newKey();
      showError(error, refusal(answer, response));
    } catch (failure) {
      showError(error, `The dashboard could not reach the server: ${failure.message}. Try again.`);
    } finally {
      if (button) {
        button.disabled = false;
      }
    }
  }

  document.addEventListener('submit', (event) => {
    if (event.target instanceof HTMLFormElement && event.target.dataset.apiPath) {
      send(event.target, event);
    }
  });

  async function revealSecret(button) {
    const region = button.closest('[data-reveal]');
    const value = region?.querySelector('[data-reveal-value]');
    const error = region?.querySelector('[data-error]');
    if (!value) {
      return;
    }
    button.disabled = true;
    if (error) {
      error.hidden = true;
    }
    try {
      const headers = { 'x-csrf-token': csrf, Accept: 'application/json' };
      const response = await fetch(`/dashboard/api${button.dataset.revealPath}`,
        { headers, credentials: 'same-origin', cache: 'no-store' });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        value.value = answer.secret ?? '';
        region.querySelectorAll('[data-revealed]').forEach((element) => { element.hidden = false; });
        button.hidden = true;
        value.focus();
        value.select();
        return;
      }
      showError(error, refusal(answer, response));
    } catch (failure) {
      showError(error, `The dashboard could not reach the server: ${failure.message}. Try again.`);
    } finally {
      button.disabled = false;
    }
  }

  document.addEventListener('click', (event) => {
    const revealer = event.target instanceof Element ? event.target.closest('[data-reveal-path]') : null;
    if (revealer) {
      revealSecret(revealer);
    }
  });

  document.addEventListener('input', (event) => {
    const source = event.target;
    const target = source instanceof HTMLInputElement && source.dataset.mirror
      ? document.getElementById(source.dataset.mirror) : null;
    if (target instanceof HTMLInputElement && /^#[0-9a-fA-F]{6}$/.test(source.value)) {
      target.value = source.value.toLowerCase();
    }
  });

  document.addEventListener('click', async (event) => {
    const copier = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    if (!copier) {
      return;
    }
    const source = document.getElementById(copier.dataset.copy);
    const text = source ? (source.value ?? source.textContent) : '';
    try {
      await navigator.clipboard.writeText(text);
      copier.textContent = 'Copied';
    } catch {
      source?.select?.();
    }
  });
})();
