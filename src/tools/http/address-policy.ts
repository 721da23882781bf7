import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { embeddedIpv4 } from "./embedded-ipv4.js";

const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");

// Public unicast addresses a cloud host answers on itself, for its own agents: Azure's WireServer
// (168.63.129.16: the VM agent's configuration and certificates, health probes, DNS). Every other
// cloud's metadata and agent addresses lie in ranges refused anyway: link-local (169.254.169.254 at
// AWS, GCP, Azure IMDS, OpenStack, DigitalOcean…; 169.254.0.23 at Tencent; 169.254.42.42 at Scaleway),
// carrier-grade NAT (100.100.100.200 at Alibaba), reserved (192.0.0.192 at Oracle), unique-local
// (fd00:ec2::254 at AWS).
const cloudAgents: readonly (readonly [ipaddr.IPv4, number])[] = [
  ipaddr.IPv4.parseCIDR("168.63.129.16/32"),
];

/**
 * @internal Which IP addresses a tool may connect to.
 *
 * Threat model: a model (or a page it fetched, or a DNS answer an attacker controls) names a URL, and
 * the tool must not become a proxy into the network it runs in (server-side request forgery): cloud
 * metadata (169.254.169.254, `fd00:ec2::254`, 100.100.100.200), loopback services, the intranet. The
 * policy is asked about every address a connection could use, after DNS resolution and on every
 * redirect (see guarded-fetch.ts); it judges addresses, not names.
 *
 * The rule: public unicast only, unless an allowlist entry (an address or a CIDR range, given by the
 * developer) names the address. Refused: loopback, private, link-local, carrier-grade NAT, multicast,
 * broadcast, reserved, documentation, benchmarking, unique-local and unspecified ranges, IPv6
 * outside the global unicast block 2000::/3 (nothing else is routed on the internet today), and the
 * public addresses cloud hosts keep for their own agents (Azure's 168.63.129.16).
 *
 * IPv6 addresses that carry an IPv4 address (embedded-ipv4.ts) are either judged by the IPv4 address
 * they lead to — IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, ISATAP `…:5efe:a.b.c.d` — or
 * refused whatever they carry: IPv4-compatible `::a.b.c.d`, SIIT `::ffff:0:a.b.c.d`, NAT64 local-use
 * `64:ff9b:1::/48`, 6to4 `2002::/16` and Teredo `2001::/32`, which are deprecated, local or undecodable.
 * An embedded IPv4 address is judged like any IPv4 address, allowlist included.
 *
 * Not covered: translators on prefixes the policy cannot know (a NAT64 network-specific prefix, a
 * proxy, a VPN), and public addresses that are in fact internal to the network the tool runs in; list
 * neither in an allowlist, and keep such gateways out of the tool's network.
 */
export class AddressPolicy {
  readonly #allowed: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];

  /** Throws a `RangeError` naming the entry when one is not an IP address or CIDR range. */
  constructor(allowed: readonly string[] = []) {
    this.#allowed = allowed.map((entry) => {
      const [text = "", bitsText, ...rest] = entry.split("/");
      const address = parseAddress(text);
      const width = address?.kind() === "ipv4" ? 32 : 128;
      const bits =
        bitsText === undefined ? width : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : -1;
      if (address === undefined || rest.length > 0 || bits < 0 || bits > width) {
        throw new RangeError(`${JSON.stringify(entry)} is not an IP address or CIDR range`);
      }
      return [address, bits] as const;
    });
  }

  /**
   * Undefined when the address may be used, else why not: the name of its range (`loopback`,
   * `private`, `6to4`, …), or for an embedding form the IPv4 address it carries and that one's range
   * (`nat64 embeds 127.0.0.1, loopback`).
   */
  refusal(text: string): string | undefined {
    const address = parseAddress(text);
    if (address === undefined) return "invalid";
    if (this.#isAllowed(address)) return undefined;
    if (address.kind() === "ipv4") return ipv4Refusal(address as ipaddr.IPv4);
    const ipv6 = address as ipaddr.IPv6;
    const embedded = embeddedIpv4(ipv6);
    if (embedded?.treatment === "refuse") return embedded.form;
    if (embedded !== undefined) {
      const inner = this.#isAllowed(embedded.ipv4) ? undefined : ipv4Refusal(embedded.ipv4);
      if (inner !== undefined) {
        // An IPv4-mapped address is that IPv4 address: its range is the whole story.
        return embedded.form === "ipv4Mapped"
          ? inner
          : `${embedded.form} embeds ${embedded.ipv4.toString()}, ${inner}`;
      }
      // Mapped and NAT64 addresses are the IPv4 address; an ISATAP one also needs a usable prefix.
      if (embedded.form !== "isatap") return undefined;
    }
    const kind = ipv6.range();
    if (kind !== "unicast") return kind;
    return ipv6.match(globalUnicast) ? undefined : "reserved";
  }

  #isAllowed(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.#allowed.some(
      ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
    );
  }
}

/**
 * An address as the socket layer reads it, or `undefined`: dotted-quad IPv4 (no `127.1`, no octal) and
 * standard IPv6. ipaddr.js alone reads `::a.b.c.d` as `::ffff:a.b.c.d`, a different address, so IPv6
 * goes through the WHATWG serialisation first (all hex; a zone, which only link-local addresses carry,
 * is dropped).
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const family = isIP(text);
  if (family === 4) return ipaddr.IPv4.parse(text);
  if (family !== 6) return undefined;
  const canonical = URL.parse(`http://[${text.replace(/%.*$/, "")}]/`)?.hostname.slice(1, -1);
  return canonical === undefined ? undefined : ipaddr.IPv6.parse(canonical);
}

function ipv4Refusal(address: ipaddr.IPv4): string | undefined {
  if (cloudAgents.some(([range, bits]) => address.match(range, bits))) return "cloudAgent";
  const kind = address.range();
  return kind === "unicast" ? undefined : kind;
}
