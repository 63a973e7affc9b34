import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startCommandOf } from "../../bench/npm-start.ts";
import { type Compose, interpolate, runArguments, startOrder } from "./compose-run.ts";

/**
 * The deployment's files as text, against docs/operating.md ("a deployment that is tried"): what
 * `npm run deploy:try` proves by running them, checked here in milliseconds so a change that breaks them shows in
 * `npm run test:unit`.
 */
const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const compose = read("deploy/compose.yaml");
const containerfile = read("deploy/Containerfile");
const operating = read("docs/operating.md");
const operatorSettings = ["SERVER_SECRET", "SMTP_URL", "CHAINS", "WALLET_XPUB", "GAS_PAYER_PRIVATE_KEY"];

describe("deploy/Containerfile", () => {
  const stages = containerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  it("builds in one stage and runs from another, without dev dependencies, anvil or Chromium", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/npm run build/);
    expect(stages[0]).toMatch(/npm prune --omit=dev --omit=optional/);
    expect(final).not.toMatch(/npm|anvil|chromium|apt-get install/i);
  });

  it("runs as a user that is not root, with NODE_ENV=production and no devnet", () => {
    expect(final).toMatch(/^USER 10001:10001$/m);
    expect(final).toMatch(/NODE_ENV=production/);
    expect(final).toMatch(/DEVNET=false/);
    expect(final).toMatch(/^CMD \["node", (?:"--[^"]+", )*"server\/main\.ts"\]$/m);
  });

  it("gives Node's binary the libatomic.so.1 it links, which a minimal Debian lacks, without a package manager", () => {
    expect(stages[0]).toMatch(/apt-get install [^\n]*\blibatomic1\b/);
    expect(stages[0]).toMatch(/ldd \/out\/node [^\n]*libatomic\.so\.1[^\n]*\/out\/lib\/libatomic\.so\.1/);
    expect(final).toMatch(/^COPY --from=build \/out\/lib\/ \/usr\/local\/lib\/$/m);
    expect(final).toMatch(/^RUN ldconfig\b/m);
  });

  it("gives the server the malloc settings and the Node flags npm start's script gives it", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start ?? "";
    const { env, nodeArgs } = startCommandOf(start);
    expect(env.GLIBC_TUNABLES).toMatch(/mmap_threshold/);
    expect(final).toContain(`GLIBC_TUNABLES=${env.GLIBC_TUNABLES}`);
    expect(final).toContain(`CMD ${JSON.stringify(["node", ...nodeArgs, "server/main.ts"]).replaceAll(",", ", ")}`);
  });
});

describe("deploy/compose.yaml", () => {
  const proxyAddress = /ipv4_address: ([\d.]+)/.exec(compose)?.[1];

  it("runs two server instances on the shared server settings, behind the proxy", () => {
    expect(compose.match(/^ {2}app\d:\n {4}<<: \*server$/gm)).toHaveLength(2);
    expect(compose).toContain("depends_on: [app1, app2]");
    expect(read("deploy/proxy/nginx.conf")).toMatch(/server app1:8080[^;]*;\s*server app2:8080/);
  });

  it("believes X-Forwarded-For from the proxy's fixed address only", () => {
    expect(proxyAddress).toMatch(/^10\.89\.77\.\d+$/);
    expect(compose).toContain(`TRUST_PROXY: ${proxyAddress}`);
  });

  it("gives the server PostgreSQL's two roles of docs/operating.md: rows for the server, the schema for migrations", () => {
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/mc_app:/);
    expect(compose).toMatch(/MIGRATION_DATABASE_URL: postgres:\/\/mc_owner:/);
    const roles = operating.slice(operating.indexOf("## PostgreSQL roles"));
    for (const role of ["mc_owner", "mc_app"]) {
      expect(roles).toContain(`create role ${role} login`);
      expect(read("deploy/postgres/entrypoint.sh")).toContain(`create role ${role} login password`);
    }
  });

  it("takes every setting an operator must give from settings.env, each documented in docs/operating.md's deployment", () => {
    const example = read("deploy/settings.env.example");
    const deploying = operating.slice(operating.indexOf("## Deploying it"));
    for (const name of operatorSettings) {
      expect(example).toMatch(new RegExp(`^${name}=$`, "m"));
      expect(deploying).toContain(`\`${name}\``);
    }
    expect(compose).toContain("env_file: [settings.env]");
  });
});

describe("the compose runner of npm run deploy:try", () => {
  const service = (name: string, dependsOn: string[] = []) => ({
    name,
    image: `localhost/${name}`,
    dependsOn,
    environment: {},
    envFiles: [],
    volumes: [],
    ports: [],
    readOnly: false,
    stopGraceSeconds: 10,
  });

  it("fills ${NAME:?} from the settings and refuses one missing", () => {
    expect(interpolate("postgres://mc_app:${PW:?}@db", { PW: "s3cret" })).toBe("postgres://mc_app:s3cret@db");
    expect(() => interpolate("${PW:?}", {})).toThrow(/PW is required/);
    expect(interpolate("${PW:-x}", {})).toBe("x");
  });

  it("starts each service after what it depends on, and gives the proxy its fixed address", () => {
    const services = [service("proxy", ["app1"]), service("app1", ["postgres"]), service("postgres")];
    expect(startOrder(services).map((s) => s.name)).toEqual(["postgres", "app1", "proxy"]);
    const shape: Compose = {
      services,
      network: { key: "mc", subnet: "10.89.77.0/24", gateway: "10.89.77.1" },
      volumes: [],
    };
    const args = runArguments({ ...services[0]!, ipv4Address: "10.89.77.200" }, shape, {
      project: "p",
      envFile: "/tmp/s.env",
      publish: false,
    });
    expect(args.join(" ")).toContain("--network p_mc:ip=10.89.77.200 --network-alias proxy");
  });
});
