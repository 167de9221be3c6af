/**
 * What a visitor does on a server-rendered page before the app has taken it (the app starts once the page's
 * picture is painted: main.tsx). A press on a control (a button, a tab) is held and pressed again once the app
 * runs; what was typed, chosen or ticked in a field is handed to the app as if done then. Links and scrolling
 * work without the app and are left alone.
 */

/** The controls whose press the app answers: held until it runs, instead of doing nothing (or half of it). */
const CONTROL =
  'button, input[type="submit"], input[type="button"], [role="button"], [role="tab"], [role="checkbox"], ' +
  '[role="switch"], [role="radio"], [role="menuitem"], summary';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a field holds: its text, whether it is ticked (a checkbox, a radio button), or the options chosen. */
type Content = string | boolean | boolean[];

/** What the visitor did, in order: a press, a field left changed, or a form sent by Enter (no button to press). */
type Action = { press: HTMLElement } | { field: Field } | { form: HTMLFormElement };

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

/** Puts a field back as the server rendered it (a radio button with the rest of its group). */
function restore(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    for (const option of field.options) option.selected = option.defaultSelected;
  } else if (isTicked(field)) {
    const group =
      field.type === 'radio' && field.name
        ? (field.form ?? document).querySelectorAll<HTMLInputElement>(
            `input[type="radio"][name="${CSS.escape(field.name)}"]`,
          )
        : [field];
    for (const input of group) input.checked = input.defaultChecked;
  } else {
    field.value = field.defaultValue;
  }
}

/**
 * Tells the app what the visitor did to a field, the way a browser does. A box or radio button that ends up other
 * than the server rendered it is pressed again. Text and lists get an
 * input or change event: the event makes React take that part of the page at once, and the value is put in the
 * field at the event's target, after React has taken it and before it compares the field with what it knew, so
 * it sees a change.
 */
function redo(field: Field, content: Content): void {
  if (typeof content === 'boolean') {
    if (!isTicked(field) || content === field.checked) return;
    // A click ticks the box before its event runs: an input event first makes React take the box as it is now
    // (React follows a box through its clicks, so the input event itself changes nothing), then the click ticks it.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.click();
    return;
  }
  const type = field instanceof HTMLSelectElement ? 'change' : 'input';
  field.addEventListener(
    type,
    () => {
      if (Array.isArray(content)) {
        for (const [index, option] of [...(field as HTMLSelectElement).options].entries()) {
          option.selected = content[index] ?? false;
        }
      } else {
        // The prototype's setter: the value changes without React's own record of it changing too.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, content);
      }
    },
    { once: true },
  );
  field.dispatchEvent(new Event(type, { bubbles: true }));
}

export interface EarlyInput {
  /** Called with the visitor's first press or change: start the app now rather than after the picture. */
  onFirst(listener: () => void): void;
  /** Stops holding presses, puts the fields back, runs `start` (which hydrates the page) and replays everything. */
  replay(start: () => void): void;
  /** The app could not start: stop holding presses, so links, plain forms and the fields keep working alone. */
  release(): void;
}

/** Starts holding what the visitor does inside `root` until the app runs. */
export function holdEarlyInput(root: HTMLElement): EarlyInput {
  const actions: Action[] = [];
  let first: (() => void) | null = null;
  const noted = () => {
    const listener = first;
    first = null;
    listener?.();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(CONTROL);
    if (!control || !root.contains(control) || control.matches(':disabled')) return;
    event.preventDefault();
    event.stopPropagation();
    actions.push({ press: control });
    noted();
  };
  const onFieldChange = (event: Event) => {
    const field = event.target;
    if (!isField(field) || !root.contains(field)) return;
    const index = actions.findIndex((action) => 'field' in action && action.field === field);
    if (index >= 0) actions.splice(index, 1);
    actions.push({ field });
    noted();
  };
  // Enter in a form with no button to press sends the form itself (with a button, the browser presses it: onClick).
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
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
      release();
      // What the fields hold now, then back to what the server rendered, so the app takes the HTML it rendered.
      const values = new Map<Field, Content>();
      for (const action of actions) if ('field' in action) values.set(action.field, contentOf(action.field));
      for (const field of values.keys()) restore(field);
      start();
      void replayInTurn(actions, values);
    },
  };
}

/** The next task: what the app did with one action (its state, its render) is done before the next comes. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Replays the visitor's actions one task after another, as they came, not all within one task. */
async function replayInTurn(actions: Action[], values: Map<Field, Content>): Promise<void> {
  for (const action of actions) {
    await nextTask();
    if ('press' in action) {
      if (action.press.isConnected) action.press.click();
    } else if ('form' in action) {
      if (action.form.isConnected) action.form.requestSubmit();
    } else if (action.field.isConnected) {
      redo(action.field, values.get(action.field) ?? '');
    }
  }
}
