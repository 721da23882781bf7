import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { ErrorArtifact } from "../../src/index.js";
import { AddressPolicy } from "../../src/tools/http/address-policy.js";
import {
  FetchRefusal,
  guardedFetch,
  type HostResolver,
} from "../../src/tools/http/guarded-fetch.js";
import { WebScraperTool } from "../../src/tools.js";

// Every IPv6 form that carries an IPv4 address, with forbidden and (where the form is judged by the
// IPv4 address it carries) permitted examples. `refusal` is what the policy answers.
const forms: readonly {
  form: string;
  forbidden: readonly [address: string, refusal: string][];
  permitted: readonly string[];
}[] = [
  {
    form: "IPv4-mapped ::ffff:a.b.c.d (checked: the socket connects over IPv4)",
    forbidden: [
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:169.254.169.254", "linkLocal"],
      ["::ffff:a9fe:a9fe", "linkLocal"],
      ["::ffff:10.0.0.1", "private"],
      ["0:0:0:0:0:ffff:100.100.100.200", "carrierGradeNat"],
    ],
    permitted: ["::ffff:8.8.8.8", "::ffff:808:808"],
  },
  {
    form: "IPv4-compatible ::a.b.c.d (deprecated, refused whatever it carries)",
    forbidden: [
      ["::127.0.0.1", "ipv4Compatible"],
      ["::7f00:1", "ipv4Compatible"],
      ["::169.254.169.254", "ipv4Compatible"],
      ["::a9fe:a9fe", "ipv4Compatible"],
      ["::8.8.8.8", "ipv4Compatible"],
      ["::2", "ipv4Compatible"],
    ],
    permitted: [],
  },
  {
    form: "SIIT ::ffff:0:a.b.c.d (refused whatever it carries)",
    forbidden: [
      ["::ffff:0:127.0.0.1", "ipv4Translated"],
      ["::ffff:0:169.254.169.254", "ipv4Translated"],
      ["::ffff:0:8.8.8.8", "ipv4Translated"],
    ],
    permitted: [],
  },
  {
    form: "NAT64 well-known prefix 64:ff9b::/96 (checked: DNS64 networks use it)",
    forbidden: [
      ["64:ff9b::127.0.0.1", "nat64 embeds 127.0.0.1, loopback"],
      ["64:ff9b::7f00:1", "nat64 embeds 127.0.0.1, loopback"],
      ["64:ff9b::169.254.169.254", "nat64 embeds 169.254.169.254, linkLocal"],
      ["64:ff9b::c0a8:101", "nat64 embeds 192.168.1.1, private"],
      ["64:ff9b::0.0.0.0", "nat64 embeds 0.0.0.0, unspecified"],
    ],
    permitted: ["64:ff9b::8.8.8.8", "64:ff9b::5db8:d70e"],
  },
  {
    form: "NAT64 local-use prefix 64:ff9b:1::/48 (undecodable, refused)",
    forbidden: [
      ["64:ff9b:1::7f00:1", "nat64LocalUse"],
      ["64:ff9b:1:7f00:1::", "nat64LocalUse"],
      ["64:ff9b:1::808:808", "nat64LocalUse"],
    ],
    permitted: [],
  },
  {
    form: "6to4 2002::/16 (deprecated, refused whatever it carries)",
    forbidden: [
      ["2002:7f00:1::1", "6to4"],
      ["2002:a9fe:a9fe::1", "6to4"],
      ["2002:808:808::1", "6to4"],
    ],
    permitted: [],
  },
  {
    form: "Teredo 2001::/32 (decommissioned, refused whatever it carries)",
    forbidden: [
      // Server 65.54.227.120; client 127.0.0.1 (last 32 bits XOR ffff:ffff = 80ff:fffe).
      ["2001:0:4136:e378:8000:63bf:80ff:fffe", "teredo"],
      // Server 127.0.0.1; client 8.8.8.8.
      ["2001:0:7f00:1:8000:63bf:f7f7:f7f7", "teredo"],
      ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "teredo"],
    ],
    permitted: [],
  },
  {
    form: "ISATAP interface ids …:0:5efe:a.b.c.d and …:200:5efe:a.b.c.d (checked, prefix too)",
    forbidden: [
      ["2600:1f00::5efe:127.0.0.1", "isatap embeds 127.0.0.1, loopback"],
      ["2600:1f00::200:5efe:169.254.169.254", "isatap embeds 169.254.169.254, linkLocal"],
      ["2600:1f00::100:5efe:a00:1", "isatap embeds 10.0.0.1, private"],
      ["fe80::5efe:8.8.8.8", "linkLocal"],
      ["fd00::5efe:8.8.8.8", "uniqueLocal"],
    ],
    permitted: ["2600:1f00::5efe:8.8.8.8", "2600:1f00::200:5efe:8.8.8.8"],
  },
];

describe("SSRF: IPv6 addresses that carry an IPv4 address", () => {
  const policy = new AddressPolicy();

  for (const { form, forbidden, permitted } of forms) {
    it(`${form}: the policy refuses forbidden ones and admits public ones`, () => {
      for (const [address, refusal] of forbidden) {
        assert.equal(policy.refusal(address), refusal, address);
      }
      for (const address of permitted) assert.equal(policy.refusal(address), undefined, address);
    });
  }

  it("refuses every cloud's metadata and host-agent address, public ones included", () => {
    const agents: [string, string][] = [
      ["168.63.129.16", "cloudAgent"], // Azure WireServer: public unicast
      ["::ffff:168.63.129.16", "cloudAgent"],
      ["64:ff9b::a83f:8110", "nat64 embeds 168.63.129.16, cloudAgent"],
      ["169.254.169.254", "linkLocal"], // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean, Oracle
      ["169.254.169.123", "linkLocal"], // AWS time sync
      ["169.254.0.23", "linkLocal"], // Tencent
      ["169.254.42.42", "linkLocal"], // Scaleway
      ["100.100.100.200", "carrierGradeNat"], // Alibaba
      ["192.0.0.192", "reserved"], // Oracle (legacy)
      ["fd00:ec2::254", "uniqueLocal"], // AWS over IPv6
    ];
    for (const [address, refusal] of agents)
      assert.equal(policy.refusal(address), refusal, address);
    assert.equal(policy.refusal("168.63.129.17"), undefined, "only the agent's own address");
    assert.equal(new AddressPolicy(["168.63.129.16"]).refusal("168.63.129.16"), undefined);
  });

  it("reads addresses as the socket does: `::a.b.c.d` is not `::ffff:a.b.c.d`", () => {
    // ipaddr.js alone reads `::8.8.8.8` as IPv4-mapped (public); the kernel reads ::808:808.
    assert.equal(policy.refusal("::8.8.8.8"), "ipv4Compatible");
    // Shorthand and octal IPv4 are not what a socket is given; they are refused, not reinterpreted.
    assert.equal(policy.refusal("127.1"), "invalid");
    assert.equal(policy.refusal("010.0.0.1"), "invalid");
    assert.equal(policy.refusal("4000::1"), "reserved", "outside 2000::/3");
    assert.equal(policy.refusal("2606:4700:4700::1111"), undefined);
  });

  it("judges an embedded IPv4 address by the allowlist too, and allowlists an exact IPv6 form", () => {
    const intranet = new AddressPolicy(["10.0.0.0/8", "::127.0.0.1"]);
    assert.equal(intranet.refusal("::ffff:10.1.2.3"), undefined);
    assert.equal(intranet.refusal("64:ff9b::10.1.2.3"), undefined);
    assert.equal(intranet.refusal("2600:1f00::5efe:10.1.2.3"), undefined);
    // `::127.0.0.1` in an allowlist is ::7f00:1, not ::ffff:127.0.0.1.
    assert.equal(intranet.refusal("::7f00:1"), undefined);
    assert.equal(intranet.refusal("::ffff:127.0.0.1"), "loopback");
    assert.equal(intranet.refusal("2002:a00:1::1"), "6to4");
  });
});

describe("SSRF: the guarded fetch refuses embedded forms before connecting", () => {
  let server: Server;
  let port: number;
  let connections = 0;
  before(async () => {
    server = createServer((_request, response) => {
      response.setHeader("content-type", "text/plain");
      response.end("reached");
    });
    server.on("connection", () => {
      connections++;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchWith = (url: string, policy: AddressPolicy, resolve?: HostResolver) =>
    guardedFetch(url, {
      policy,
      resolve,
      maxBytes: 1_000,
      maxRedirects: 0,
      signal: AbortSignal.timeout(10_000),
      headers: {},
    });

  const refusedAddresses = forms.flatMap(({ forbidden }) => forbidden.map(([address]) => address));

  it("refuses every forbidden form written as a bracketed literal, without a connection", async () => {
    const before = connections;
    for (const address of refusedAddresses) {
      const url = `http://[${address}]:${port}/`;
      await assert.rejects(fetchWith(url, new AddressPolicy()), (error: unknown) => {
        assert.ok(error instanceof FetchRefusal, url);
        assert.equal(error.code, "blocked_address", url);
        assert.match(error.message, /only public addresses can be fetched/);
        return true;
      });
    }
    assert.equal(connections, before, "no connection reached the server");
  });

  it("refuses every forbidden form a host name resolves to, without a connection", async () => {
    const before = connections;
    for (const address of refusedAddresses) {
      const resolve: HostResolver = async () => [{ address, family: 6 }];
      await assert.rejects(fetchWith(`http://rebind.test:${port}/`, new AddressPolicy(), resolve), {
        code: "blocked_address",
      });
    }
    assert.equal(connections, before);
  });

  it("reaches an allowlisted IPv4 address written as IPv4-mapped IPv6 (the control case)", async () => {
    const response = await fetchWith(
      `http://[::ffff:127.0.0.1]:${port}/`,
      new AddressPolicy(["127.0.0.1"]),
    );
    assert.equal(new TextDecoder().decode(response.body), "reached");
    await assert.rejects(
      fetchWith(`http://[::127.0.0.1]:${port}/`, new AddressPolicy(["127.0.0.1"])),
      {
        code: "blocked_address",
      },
    );
  });

  it("WebScraperTool refuses the red team's URLs with blocked_address", async () => {
    const tool = new WebScraperTool();
    const before = connections;
    for (const host of ["[::127.0.0.1]", "[::169.254.169.254]", "[::ffff:0:127.0.0.1]"]) {
      const artifact = (await tool.run("get_content", {
        url: `http://${host}:${port}/`,
      })) as ErrorArtifact;
      assert.equal(artifact.type, "ErrorArtifact", host);
      assert.equal(artifact.code, "blocked_address", host);
    }
    assert.equal(connections, before);
  });
});
