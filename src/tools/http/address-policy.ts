import ipaddr from "ipaddr.js";

/**
 * @internal Which IP addresses a tool may connect to: public unicast only, unless an allowlist entry (an
 * address or a CIDR range) names it. Loopback, private, link-local (cloud metadata at 169.254.169.254
 * included), carrier-grade NAT, multicast, reserved and unspecified addresses are refused, also when
 * written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`) or embedded in NAT64/6to4/Teredo prefixes.
 */
export class AddressPolicy {
  readonly #allowed: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

  /** Throws a `RangeError` naming the entry when one is not an IP address or CIDR range. */
  constructor(allowed: readonly string[] = []) {
    this.#allowed = allowed.map((entry) => {
      try {
        if (entry.includes("/")) return ipaddr.parseCIDR(entry);
        const address = ipaddr.parse(entry);
        return [address, address.kind() === "ipv4" ? 32 : 128] as [
          ipaddr.IPv4 | ipaddr.IPv6,
          number,
        ];
      } catch {
        throw new RangeError(`${JSON.stringify(entry)} is not an IP address or CIDR range`);
      }
    });
  }

  /** Undefined when the address may be used, else the name of its range (`loopback`, `private`, …). */
  refusal(text: string): string | undefined {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.parse(text);
    } catch {
      return "invalid";
    }
    if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      address = (address as ipaddr.IPv6).toIPv4Address();
    }
    for (const [range, bits] of this.#allowed) {
      if (range.kind() === address.kind() && address.match(range, bits)) return undefined;
    }
    const kind = address.range();
    return kind === "unicast" ? undefined : kind;
  }
}
