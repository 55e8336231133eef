import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
// Also matches IPv4-mapped ::ffff:127.x, as a dual-stack socket reports local IPv4 clients.
loopback.addAddress('::1', 'ipv6');

/** Headers by which a proxy names the client it relays. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether a request comes from this machine, by the socket's own peer address:
 * never by `request.ip`, which follows X-Forwarded-For (written by the client
 * as it likes) when TRUST_PROXY is on. A request relayed by a proxy on this
 * machine names a client that may be anywhere, so it does not count either.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress ?? '';
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family !== null && loopback.check(address, family);
}
