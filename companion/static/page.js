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

// What the scripts say, in this phone's language: templates/base.html puts the page's messages
// (companion/language.py's script_messages: the catalog's messages that occur in the scripts,
// with their translations) in #script-messages. Every sentence a script shows goes through
//   Words.t(text, args)               one message: its English is its id; {name} is filled in
//                                     from args (numbers written as the language writes them)
//   Words.tn(singular, plural, n, args)  a message whose wording depends on n (CLDR's plural
//                                     rules, through Intl.PluralRules), n being {n}
//   Words.number(n)                   a number as the language writes it
// and Companion.th / thn (companion.js) for the same as markup, an argument made by html kept.
// Babel extracts the ids from these calls (t, tn, th, thn), so they must be written as literals.
const Words = (() => {
  const data = JSON.parse(document.getElementById("script-messages")?.textContent || "{}");
  const lang = data.lang || document.documentElement.lang || "en";
  const messages = data.messages || {};
  const categories = data.plurals || ["one", "other"];
  const rules = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const number = (n) => (lang === "en" ? String(n) : numbers.format(n));
  const show = (value) => (typeof value === "number" ? number(value) : value);
  // French elides "de", "que", "le", "la"... before a vowel: where the word after is an argument
  // (a player's name, a card), once the argument is known ("Au tour d’Ann"). Markup's tags before
  // the argument's first letter do not count.
  const elides = /(^|[^\p{L}\p{N}’'])([DdLlJjNnSsMmTt]e|[Qq]ue|[Ll]a) $/u;
  const vowel = /^(?:<[^>]*>)*[AEIOUaeiouÀÂÆÉÈÊËÎÏÔŒÙÛÜàâæéèêëîïôœùûü]/u;
  // text with each {name} replaced by wrap(args[name]); "{{" and "}}" are braces
  function fill(text, args, wrap = show) {
    let out = "";
    let last = 0;
    for (const found of text.matchAll(/\{\{|\}\}|\{(\w+)\}/g)) {
      out += text.slice(last, found.index);
      last = found.index + found[0].length;
      if (found[0] === "{{" || found[0] === "}}") {
        out += found[0][0];
        continue;
      }
      const name = found[1];
      if (!args || !(name in args)) throw new Error(`Words: no value for {${name}} in "${text}"`);
      const value = String(wrap(args[name]));
      if (lang === "fr" && vowel.test(value)) out = out.replace(elides, (whole, before, word) => `${before}${word.slice(0, -1)}\u2019`);
      out += value;
    }
    return out + text.slice(last);
  }
  const translate = (text) => messages[text] || text;
  function translatePlural(singular, plural, n) {
    const forms = messages[singular];
    if (Array.isArray(forms) && forms.every(Boolean)) return forms[Math.max(0, categories.indexOf(rules.select(n)))] || forms[forms.length - 1];
    return n === 1 ? singular : plural;
  }
  const t = (text, args) => fill(translate(text), args);
  const tn = (singular, plural, n, args) => fill(translatePlural(singular, plural, n), { n, ...args });
  return { lang, t, tn, number, fill, translate, translatePlural, show };
})();
