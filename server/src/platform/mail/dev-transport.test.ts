import { describe, expect, it } from 'vitest';
import { createDevTransport } from './dev-transport';

describe('dev transport', () => {
  it('prints one line per message: who, what, and where to read it', async () => {
    const lines: string[] = [];
    const transport = createDevTransport(
      (line) => lines.push(line),
      'http://localhost:3000/dev/mailbox',
    );

    await transport.send({
      to: 'ana+quad@ou.edu',
      subject: 'Your OU Buy / Sell code',
      html: '<p>Your code is 1234</p>',
      text: 'Your code is 1234',
    });
    await transport.send({
      to: 'ben@utexas.edu',
      subject: 'Reset your password\nnow',
      html: '<p>Reset</p>',
      text: 'Reset',
    });
    await transport.close();

    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('ana+quad@ou.edu');
    expect(lines[0]).toContain('Your OU Buy / Sell code');
    expect(lines[0]).toContain('http://localhost:3000/dev/mailbox?to=ana%2Bquad%40ou.edu');
    // The body (and its code) stays in the outbox; a subject cannot break the line.
    expect(lines[0]).not.toContain('1234');
    expect(lines[1]).not.toContain('\n');
    expect(lines[1]).toContain('http://localhost:3000/dev/mailbox?to=ben%40utexas.edu');
  });
});
