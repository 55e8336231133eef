import { describe, expect, it } from 'vitest';
import { checkMessage, type ScamCode } from './scam-check';

/**
 * The rules' table (ADR 018): what real scam messages look like, and the
 * ordinary messages between students that look close to them. A change to a
 * rule that breaks a row here has to say why.
 */
const warned: [string, ScamCode[], { first?: boolean }?][] = [
  // Verification codes: the account-takeover script.
  ['send me the 6-digit code Google texted you', ['verification_code']],
  [
    'Can you tell me the verification code you just got? Want to be sure you are real',
    ['verification_code'],
  ],
  [
    "I sent a code to your phone, read it back to me so I know you're not a bot",
    ['verification_code'],
  ],
  ["what's the 6 digit code? it's for google voice", ['verification_code']],
  ['Please share the security code you received', ['verification_code']],
  ['text me the one-time passcode and I will hold it for you', ['verification_code']],
  // Money that cannot be taken back.
  ['I can pay with an Apple gift card, is that ok?', ['off_platform_payment']],
  ["I'll send the money by Western Union tonight", ['off_platform_payment']],
  ['Can you accept payment in bitcoin?', ['off_platform_payment']],
  ['My dad will mail you a cashier’s check, I will pay when it arrives', ['off_platform_payment']],
  ['I will wire transfer the payment to you', ['off_platform_payment']],
  ['pay me in USDT please', ['off_platform_payment']],
  // Overpayment and refund stories.
  ['Oops I sent you $200 too much, can you refund the difference?', ['overpayment']],
  ['I overpaid by mistake, please send the extra back', ['overpayment']],
  ['the check is for more than the price, just send back the rest to my mover', ['overpayment']],
  // Look-alike links.
  ['Confirm the sale here: https://paypa1.com/confirm', ['lookalike_link']],
  ['log in at www.paypal-secure.net to get your money', ['lookalike_link']],
  ['go to g00gle.com/verify', ['lookalike_link']],
  ['http://venmo.com.payment-release.io/claim', ['lookalike_link']],
  ['your package: usps-redelivery.info/track', ['lookalike_link']],
  ['sign in at rnicrosoft.com', ['lookalike_link']],
  ['https://xn--pypal-4ve.com/login', ['lookalike_link']],
  ['amazom.com has it cheaper, use my link', ['lookalike_link']],
  // A phone number in a first message.
  ['Text me at (405) 555-0123', ['phone_number'], { first: true }],
  ['hey is this available? 405.555.0199', ['phone_number'], { first: true }],
  ['call me +1 512 555 0147', ['phone_number'], { first: true }],
  // More than one pattern at once, in the fixed order.
  [
    'I overpaid with a gift card, refund the difference at paypal-help.com',
    ['off_platform_payment', 'overpayment', 'lookalike_link'],
  ],
];

const ordinary: [string, { first?: boolean }?][] = [
  ['Is this still available?'],
  ['The code for the building door is 4521, come on up'],
  ['Use promo code SAVE10 at checkout lol'],
  ["What's the zip code for pick-up?"],
  ['I can do $40, cash or Venmo'],
  ['Can I pay with Venmo or Zelle?'],
  ['Is the Amazon gift card still available?'],
  ['I took the bus, be there in 5'],
  ['You can check it on https://www.paypal.com/myaccount'],
  ['Here is the listing https://docs.google.com/document/d/abc'],
  ['see venmo.com or paypal.me/janedoe'],
  ['I bought it at pineapple.com'],
  ['My email is jane@ou.edu'],
  ['Meet at the union at 3.30?'],
  ['Can I get a refund if it does not work?'],
  ['I paid $120 for it new'],
  ['apple.com says the warranty runs until June'],
  ['Text me at (405) 555-0123', { first: false }],
  ['The serial number is 4055550123 if you want to check it', { first: false }],
  ['Is it 13 inch or 15?', { first: true }],
  ['$45 firm, price is 45.00', { first: true }],
];

describe('checkMessage', () => {
  it.each(warned)('warns about %j', (text, codes, context = {}) => {
    const found = checkMessage(text, { firstFromSender: context.first ?? false });
    expect(found.map((f) => f.code)).toEqual(codes);
  });

  it.each(ordinary)('lets %j through', (text, context = {}) => {
    expect(checkMessage(text, { firstFromSender: context.first ?? false })).toEqual([]);
  });

  it('names the address a look-alike link goes to and the site it imitates', () => {
    expect(
      checkMessage('pay here: https://www.paypa1-secure.com/x', { firstFromSender: false }),
    ).toEqual([{ code: 'lookalike_link', host: 'paypa1-secure.com', imitates: 'paypal.com' }]);
  });

  // The same scripts drawn with characters that change the bytes but not what the recipient reads.
  const disguised: [string, string, ScamCode[], { first?: boolean }?][] = [
    [
      'a zero-width space',
      'send me the 6-digit co\u200bde Google texted you',
      ['verification_code'],
    ],
    [
      'a soft hyphen',
      'I can pay with an Apple gift\u00adcard, is that ok?',
      ['off_platform_payment'],
    ],
    ['a zero-width joiner', 'Can you accept payment in bit\u200dcoin?', ['off_platform_payment']],
    [
      'a word joiner and a BOM',
      'I over\u2060pa\ufeffid by mistake, please send the extra back',
      ['overpayment'],
    ],
    ['a bidi override', 'pay me in \u202eUSDT\u202c please', ['off_platform_payment']],
    ['fullwidth letters', 'Can you accept payment in ｂｉｔｃｏｉｎ?', ['off_platform_payment']],
    ['Cyrillic letters in a word', 'I can pay with an Apple gіft саrd', ['off_platform_payment']],
    ['Greek letters in a word', 'send me the verification cοde', ['verification_code']],
    ['digits in a word', 'pay you with a g1ft card or bitc0in', ['off_platform_payment']],
    [
      'a zero-width space in an address',
      'Confirm here: https://paypa\u200b1.com/confirm',
      ['lookalike_link'],
    ],
    [
      'fullwidth digits in a phone number',
      'Text me at (４０５) ５５５-０１２３',
      ['phone_number'],
      { first: true },
    ],
    [
      'invisible characters in a phone number',
      'call 405\u200b555\u200b0123',
      ['phone_number'],
      { first: true },
    ],
  ];

  it.each(disguised)('sees through %s', (_, text, codes, context = {}) => {
    const found = checkMessage(text, { firstFromSender: context.first ?? false });
    expect(found.map((f) => f.code)).toEqual(codes);
  });

  it('names a Cyrillic look-alike of a real site by the address the browser goes to', () => {
    expect(checkMessage('log in at pаypal.com/claim', { firstFromSender: false })).toEqual([
      { code: 'lookalike_link', host: 'xn--pypal-4ve.com', imitates: 'paypal.com' },
    ]);
  });

  it.each([
    ['a door code with digits', 'The door code is 4521, then the 2nd floor'],
    ['a word with digits that is no scam', 'My mp3 player and the 3ds are $40'],
    ['a Russian sentence', 'Привет, как дела? Встретимся у библиотеки.'],
    ['a Greek sentence with a stop', 'Καλημέρα.Τα λέμε αύριο'],
    ['an accented address', 'the café.com sign is down, meet at noon'],
  ])('lets %s through', (_, text) => {
    expect(checkMessage(text, { firstFromSender: false })).toEqual([]);
  });

  it('checks a long message in linear time', () => {
    // Compared with itself, not with a clock: sixteen times the text costs
    // about sixteen times as much (a backtracking pattern would cost 256). The
    // two lengths are timed in turns and the best run of each counts, so a
    // busy machine slows both alike. The long text outgrows the CPU's caches,
    // which makes each of its characters dearer: 67 times on a slow machine of
    // this kind, so the bound is 128, still half of what backtracking costs.
    const text = (n: number) =>
      `${'a.'.repeat(n)}com ${'а.'.repeat(n)}com ${'code '.repeat(n / 2)}`;
    const [short, long] = [text(2_500), text(40_000)];
    const time = (message: string) => {
      const started = performance.now();
      checkMessage(message, { firstFromSender: true });
      return performance.now() - started;
    };
    time(text(1_000));
    let [bestShort, bestLong] = [Infinity, Infinity];
    for (let run = 0; run < 15; run += 1) {
      bestShort = Math.min(bestShort, time(short));
      bestLong = Math.min(bestLong, time(long));
    }
    expect(bestLong / bestShort).toBeLessThan(128);
  });
});
