import { createECDH, createHmac } from 'node:crypto';

/** The order of P-256: a private key is a number from 1 to n − 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The 32-byte private key, base64url: signs the JWT of every push. */
  privateKey: string;
}

/**
 * The server's VAPID key pair (ADR 058), derived from the secret key: every
 * server that shares SECRET_KEY (or `$DATA_DIR/secret-key`) signs with the
 * same key, and nothing new is stored. Changing the secret key changes the
 * pair, and browsers subscribed with the old one are asked to subscribe again
 * (the page does so when its subscription's key is not the server's).
 */
export function vapidKeysFrom(secretKey: string): VapidKeys {
  for (let round = 0; ; round++) {
    const candidate = createHmac('sha256', secretKey)
      .update(`quad web push vapid key ${round}`)
      .digest();
    const d = BigInt(`0x${candidate.toString('hex')}`);
    // All but about one in 2^32 candidates are in range; the next round covers the rest.
    if (d === 0n || d >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: candidate.toString('base64url'),
    };
  }
}

/**
 * What the push services are told of who sends (the VAPID `sub`): the site when
 * it is served over https, else the sender address of the e-mails.
 */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Whether `endpoint` is at one of the push services the server sends to (PUSH_SERVICES). */
export function isAllowedPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const origin = `${url.protocol}//${url.host}`.toLowerCase();
  return services.some((service) => {
    const wild = /^(https?:)\/\/\*\.(.+)$/.exec(service);
    if (!wild) return origin === service;
    const [, protocol, suffix] = wild;
    return url.protocol === protocol && url.port === '' && url.hostname.endsWith(`.${suffix}`);
  });
}

/** What the device list calls a device, from its user agent: "Chrome on Android". */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'A browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /CrOS/.test(ua)
        ? 'ChromeOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return system ? `${browser} on ${system}` : browser;
}
