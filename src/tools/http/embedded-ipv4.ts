import ipaddr from "ipaddr.js";

/**
 * @internal What an IPv6 address with an IPv4 address inside it means for the address policy:
 * `check` — the IPv4 address is where the packets end up (or the tunnel end point they are sent to), so
 * the address is judged by the IPv4 policy; `refuse` — the whole form is refused, whatever it embeds.
 */
export type EmbeddedIpv4 =
  | { readonly form: EmbeddingForm; readonly treatment: "check"; readonly ipv4: ipaddr.IPv4 }
  | { readonly form: EmbeddingForm; readonly treatment: "refuse" };

/** @internal The names of the IPv6 forms that carry an IPv4 address (they appear in refusals). */
export type EmbeddingForm =
  | "ipv4Mapped"
  | "ipv4Translated"
  | "ipv4Compatible"
  | "nat64"
  | "nat64LocalUse"
  | "6to4"
  | "teredo"
  | "isatap";

interface PrefixForm {
  readonly form: EmbeddingForm;
  readonly range: readonly [ipaddr.IPv6, number];
  readonly treatment: "check" | "refuse";
}

const range = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

// The prefixes are disjoint. Why each one is checked or refused as a whole is said next to it.
const prefixForms: readonly PrefixForm[] = [
  // RFC 4291 §2.5.5.2. A dual-stack socket connecting here connects over IPv4 to exactly that address.
  { form: "ipv4Mapped", range: range("::ffff:0:0/96"), treatment: "check" },
  // SIIT (RFC 6145/7915): a host-internal translation address, never the address of a public server.
  { form: "ipv4Translated", range: range("::ffff:0:0:0/96"), treatment: "refuse" },
  // RFC 4291 §2.5.5.1, deprecated since 2006. Some stacks still tunnel it to the IPv4 address (Linux
  // sit0), others route it nowhere; nothing public is reached this way.
  { form: "ipv4Compatible", range: range("::/96"), treatment: "refuse" },
  // RFC 6052 well-known prefix: what DNS64 answers on IPv6-only networks (AWS, mobile carriers) for
  // IPv4-only hosts; the translator forwards to the last 32 bits. Refusing it would break those networks.
  { form: "nat64", range: range("64:ff9b::/96"), treatment: "check" },
  // RFC 8215 local-use prefix: the operator picks where the IPv4 address sits (/48 to /96, RFC 6052
  // §2.2), so it cannot be decoded reliably; it is local by definition.
  { form: "nat64LocalUse", range: range("64:ff9b:1::/48"), treatment: "refuse" },
  // RFC 3056, anycast relays deprecated by RFC 7526: bits 16–47 are the IPv4 tunnel end point.
  { form: "6to4", range: range("2002::/16"), treatment: "refuse" },
  // RFC 4380, public service decommissioned: server IPv4 in bits 32–63, client IPv4 in the last 32
  // bits XORed with ffff:ffff (and a UDP port), which a relay sends datagrams to.
  { form: "teredo", range: range("2001::/32"), treatment: "refuse" },
];

/**
 * @internal The IPv4 address an IPv6 address carries and how the policy treats it, or `undefined` when
 * it carries none. `::` and `::1` are left to their own ranges (unspecified, loopback).
 */
export function embeddedIpv4(address: ipaddr.IPv6): EmbeddedIpv4 | undefined {
  const parts = address.parts;
  const last32 = () =>
    new ipaddr.IPv4([
      (parts[6] ?? 0) >> 8,
      (parts[6] ?? 0) & 0xff,
      (parts[7] ?? 0) >> 8,
      (parts[7] ?? 0) & 0xff,
    ]);
  for (const {
    form,
    range: [prefix, bits],
    treatment,
  } of prefixForms) {
    if (!address.match(prefix, bits)) continue;
    if (form === "ipv4Compatible" && parts[6] === 0 && (parts[7] ?? 0) <= 1) return undefined;
    return treatment === "check" ? { form, treatment, ipv4: last32() } : { form, treatment };
  }
  // ISATAP (RFC 5214 §6.1): an interface id of 0000:5efe or 0200:5efe (the u/g bits may vary) then an
  // IPv4 address, under any prefix; a host on the ISATAP link tunnels straight to that IPv4 address.
  if (((parts[4] ?? 0) & 0xfcff) === 0 && parts[5] === 0x5efe) {
    return { form: "isatap", treatment: "check", ipv4: last32() };
  }
  return undefined;
}
