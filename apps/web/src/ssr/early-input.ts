/**
 * What a visitor does on a server-rendered page before the app has taken all of it. The app starts once the
 * page's picture is painted (main.tsx) and hydrates in slices; until it has finished, a press on a control (a
 * button, a tab) is held, and what is typed, chosen or ticked stays on the page but is kept from React, which
 * would otherwise take a field it has not hydrated yet as already holding the new value and never hear of the
 * change. Once the page is hydrated and the main thread idle, the presses are pressed again and the fields handed
 * to the app as if changed then, in the order they came. Links and scrolling work without the app.
 */

/** The controls whose press the app answers: held until it runs, instead of doing nothing (or half of it). */
const CONTROL =
  'button, input[type="submit"], input[type="button"], [role="button"], [role="tab"], [role="checkbox"], ' +
  '[role="switch"], [role="radio"], [role="menuitem"], summary';

/** At most this long after the app starts, what was held is replayed even if the page has not gone idle. */
const HYDRATION_WAIT_MS = 3000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a field holds: its text, whether it is ticked (a checkbox, a radio button), or the options chosen. */
type Content = string | boolean | boolean[];

/** What the visitor did, in order: a press, a field (with what it held last), or a form sent by Enter. */
type Action = { press: HTMLElement } | { field: Field; content: Content } | { form: HTMLFormElement };

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

function isTicked(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function contentOf(field: Field): Content {
  if (field instanceof HTMLSelectElement) return [...field.options].map((option) => option.selected);
  return isTicked(field) ? field.checked : field.value;
}

/**
 * Tells the hydrated app what the visitor did to a field, the way a browser does, within one task (nothing in
 * between can see the field change). React knows what a field held from its own record, which it keeps through
 * the field's own `value` and `checked` setters: the field is set back to what the server rendered that way, then
 * to what the visitor left through the prototype's setter (React's record stays behind), and the event React
 * listens to follows, so it sees the change. A field left as the server rendered it needs nothing.
 */
function redo(field: Field, content: Content): void {
  if (field instanceof HTMLSelectElement) {
    if (!Array.isArray(content)) return;
    for (const [index, option] of [...field.options].entries()) option.selected = content[index] ?? false;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (typeof content === 'boolean') {
    if (!isTicked(field) || content === field.defaultChecked) return;
    field.checked = !content;
    field.click();
  } else if (content !== field.defaultValue) {
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, content);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Once the main thread is idle: the app's hydration, done in slices, has finished. */
function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, { timeout: HYDRATION_WAIT_MS });
  } else {
    setTimeout(callback, 200);
  }
}

/** The next task: what the app did with one action (its state, its render) is done before the next comes. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Replays the visitor's actions one task after another, as they came. */
async function replayInTurn(actions: Action[]): Promise<void> {
  for (const action of actions) {
    await nextTask();
    if ('press' in action) {
      if (action.press.isConnected) action.press.click();
    } else if ('form' in action) {
      if (action.form.isConnected) action.form.requestSubmit();
    } else if (action.field.isConnected) {
      redo(action.field, action.content);
    }
  }
}

export interface EarlyInput {
  /** Called with the visitor's first press or change: start the app now rather than after the picture. */
  onFirst(listener: () => void): void;
  /** Runs `start` (which hydrates the page), then, once it is hydrated, stops holding and replays everything. */
  replay(start: () => void): void;
  /** The app could not start: stop holding presses, so links, plain forms and the fields keep working alone. */
  release(): void;
}

/** Starts holding what the visitor does inside `root` until the app has hydrated it. */
export function holdEarlyInput(root: HTMLElement): EarlyInput {
  const actions: Action[] = [];
  let first: (() => void) | null = null;
  const noted = () => {
    const listener = first;
    first = null;
    listener?.();
  };
  const noteField = (field: Field) => {
    const index = actions.findIndex((action) => 'field' in action && action.field === field);
    if (index >= 0) actions.splice(index, 1);
    actions.push({ field, content: contentOf(field) });
    noted();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target)) return;
    // A box or radio button ticks at once, as the browser does; only React is kept from the click.
    if (isField(target) && isTicked(target)) {
      event.stopPropagation();
      noteField(target);
      return;
    }
    const control = target.closest<HTMLElement>(CONTROL);
    if (!control || control.matches(':disabled')) return;
    event.preventDefault();
    event.stopPropagation();
    actions.push({ press: control });
    noted();
  };
  const onFieldChange = (event: Event) => {
    const field = event.target;
    if (!isField(field) || !root.contains(field)) return;
    event.stopPropagation();
    noteField(field);
  };
  // Enter in a form with no button to press sends the form itself (with a button, the browser presses it: onClick).
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    actions.push({ form });
    noted();
  };

  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onFieldChange, true);
  document.addEventListener('change', onFieldChange, true);
  document.addEventListener('submit', onSubmit, true);
  const release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('input', onFieldChange, true);
    document.removeEventListener('change', onFieldChange, true);
    document.removeEventListener('submit', onSubmit, true);
  };

  return {
    onFirst(listener) {
      first = listener;
    },
    release,
    replay(start) {
      start();
      whenIdle(() => {
        release();
        void replayInTurn(actions);
      });
    },
  };
}
