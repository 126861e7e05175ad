/** Small DOM helpers for the control panel: toggles and sliders bound to values. */

/** Finds an element by id or throws (the page's skeleton is in index.html). */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no element #${id}`);
  return element as T;
}

/** A checkbox with a label (and a key hint); `onChange` gets the new state. */
export function createToggle(
  id: string,
  label: string,
  key: string,
  onChange: (checked: boolean) => void,
): { root: HTMLLabelElement; input: HTMLInputElement } {
  const root = document.createElement('label');
  root.className = 'toggle';
  root.htmlFor = id;
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.id = id;
  input.addEventListener('change', () => onChange(input.checked));
  const text = document.createElement('span');
  text.textContent = label;
  root.append(input, text);
  if (key) {
    const kbd = document.createElement('kbd');
    kbd.textContent = key.toUpperCase();
    root.append(kbd);
  }
  return { root, input };
}

/** A radio button of group `name` with a label (and a key hint); `onSelect` fires when it is picked. */
export function createRadio(
  name: string,
  id: string,
  label: string,
  key: string,
  onSelect: () => void,
): { root: HTMLLabelElement; input: HTMLInputElement } {
  const { root, input } = createToggle(id, label, key, (checked) => {
    if (checked) onSelect();
  });
  input.type = 'radio';
  input.name = name;
  return { root, input };
}

/** Formats a slider value with as many decimals as its step has. */
export function formatValue(value: number, step: number): string {
  const decimals = step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step) - 1e-9));
  return value.toFixed(decimals);
}

/** Binds an existing range input and its output; `onInput` gets the number on every move. */
export function bindSlider(
  input: HTMLInputElement,
  output: HTMLOutputElement,
  onInput: (value: number) => void,
): (value: number) => void {
  const step = Number(input.step) || 1;
  const show = (value: number) => {
    input.value = String(value);
    output.value = formatValue(value, step);
  };
  input.addEventListener('input', () => {
    const value = Number(input.value);
    output.value = formatValue(value, step);
    onInput(value);
  });
  return show;
}

/**
 * A labelled range input with its value shown; `onInput` fires while dragging, `onCommit` when the
 * user lets go (scene parameters rebuild the scene on commit only).
 */
export function createSlider(
  id: string,
  label: string,
  min: number,
  max: number,
  step: number,
  value: number,
  onCommit: (value: number) => void,
): { root: HTMLLabelElement; input: HTMLInputElement } {
  const root = document.createElement('label');
  root.className = 'slider';
  root.htmlFor = id;
  const text = document.createElement('span');
  text.textContent = label;
  const output = document.createElement('output');
  const input = document.createElement('input');
  input.type = 'range';
  input.id = id;
  input.min = String(min);
  input.max = String(max);
  input.step = String(step);
  root.append(text, output, input);
  const show = bindSlider(input, output, () => {});
  show(value);
  input.addEventListener('change', () => onCommit(Number(input.value)));
  return { root, input };
}
