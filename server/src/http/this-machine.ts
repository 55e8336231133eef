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

/** The host name of a Host header: lower case, without its port, brackets or final dot. */
function hostNameOf(host: string): string {
  const name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(name);
  return (bracketed ? bracketed[1]! : name.replace(/:\d+$/, '')).replace(/\.$/, '');
}

/**
 * Whether the request names this server in its Host header (the raw header,
 * never X-Forwarded-Host): localhost or a name under it, a loopback address,
 * or the deployment's domain and its campus sites. A page of another name
 * that a browser was led to this machine by DNS (DNS rebinding) names its own
 * host, so it is not answered.
 */
export function namesThisServer(request: FastifyRequest, baseDomain: string): boolean {
  const name = hostNameOf(request.headers.host ?? '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = net.isIPv4(name) ? 'ipv4' : net.isIPv6(name) ? 'ipv6' : null;
  if (family) return loopback.check(name, family);
  const base = baseDomain.toLowerCase();
  if (name === base) return true;
  // A campus site: the label names the campus the registry resolved (ADR 054).
  const campus = (request as { campus?: { id: string } }).campus;
  return name.endsWith(`.${base}`) && name.slice(0, -(base.length + 1)) === campus?.id;
}
