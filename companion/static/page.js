// What every page shares, game or not: steppers for signed numbers. A stepper is a number field
// between a − and a + button (templates/_stepper.html, or Companion.stepper in a game's script);
// typing stays possible, the buttons are the way on a keypad without a minus key.
"use strict";

document.addEventListener("click", (event) => {
  const button = event.target.closest(".stepper [data-step]");
  if (!button) return;
  const input = button.closest(".stepper").querySelector("input");
  const min = input.min === "" ? -Infinity : Number(input.min);
  const max = input.max === "" ? Infinity : Number(input.max);
  const now = input.value === "" ? 0 : Number(input.value);
  const next = Math.min(max, Math.max(min, now + Number(button.dataset.step)));
  if (String(next) === input.value) return;
  input.value = String(next);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
