import type { AppLoadContext } from "react-router";
import { ipKeyGenerator } from "express-rate-limit";

/**
 * Who a per-client limit counts: the client's network, not its exact address. An IPv6
 * client is normally handed a whole /64 and can pick any address inside it, so counting
 * per address would give it 2^64 allowances (docs/security.md, G5). An IPv4 address
 * counts as itself, and an IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack
 * socket reports an IPv4 peer) as that IPv4 address.
 */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key of a client address for the limits: express-rate-limit's own helper (the
 * one its general write limit uses), so every limit of the site groups clients alike.
 * IPv6 comes out normalised ("2001:db8:1:2::/64" however the address was written).
 */
export function clientNetworkOf(ip: string): string {
  return ipKeyGenerator(ip, IPV6_CLIENT_PREFIX);
}

/** The client's address as Express worked it out (TRUST_PROXY applied), from Remix's load context. */
export function clientIpOf(context: AppLoadContext | undefined): string {
  return (context as { clientIp?: string } | undefined)?.clientIp ?? "unknown";
}
