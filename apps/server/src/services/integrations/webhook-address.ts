import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// A webhook posts a company's data from inside the operator's network to wherever its staff said: never, then, to the
// server itself, to the network's private ranges or to a cloud's metadata service (169.254.169.254), unless the operator
// allows it (WEBHOOK_PRIVATE_ADDRESSES=1: an HR system inside their own network). Checked when the URL is saved and
// again before every attempt, since the name may resolve elsewhere by then (docs/webhooks.md).

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network" (0.0.0.0 reaches the server itself)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the clouds' metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
// An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked against the IPv4 ranges by the block list itself.
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one a webhook may reach: not loopback, private, link-local or otherwise reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Why the URL's host may not receive a webhook (null: it may): an address of it that is not public. A name that does
 * not resolve is not refused here: nothing is sent to it, and the next check finds what it resolves to by then.
 */
export async function webhookAddressProblem(url: string, resolve: Resolve = resolveAll): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  const refused = addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? null : privateAddressProblem(host, refused);
}

/** What staff read of a host refused for one of its addresses. */
export const privateAddressProblem = (host: string, address: string) =>
  `${host}${address === host ? '' : ` (${address})`} is a loopback, private or link-local address: a webhook goes to a public one`;
