import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * deploy/compose.yaml's services run with plain `podman` commands. Debian 12's podman-compose (1.0.3) makes the
 * network without its `ipam` subnet and stops at a service's `ipv4_address` (`KeyError: "mc={'ipv4_address': …}"`),
 * and the proxy's fixed address is what TRUST_PROXY names, so
 * `npm run deploy:try` reads the file itself: the same images, environment, env_file, volumes, network and addresses.
 * The subset read is the one deploy/compose.yaml uses; anything else in a service is an error, not silently dropped.
 */
export interface ComposeService {
  name: string;
  image: string;
  dependsOn: string[];
  environment: Record<string, string>;
  envFiles: string[];
  volumes: string[];
  ports: string[];
  readOnly: boolean;
  stopGraceSeconds: number;
  ipv4Address?: string;
  /** The healthcheck's command (`CMD` form), run by `podman exec` before what depends on the service starts. */
  healthcheck?: string[];
}

export interface Compose {
  services: ComposeService[];
  /** The network's key in the file; podman's network is `<project>_<key>`. */
  network: { key: string; subnet: string; ipRange?: string; gateway: string };
  volumes: string[];
}

const known = new Set([
  ...["image", "build", "restart", "depends_on", "env_file", "environment", "volumes", "ports", "networks"],
  ...["read_only", "stop_grace_period", "healthcheck"],
]);

/**
 * `${NAME}`, `${NAME:?}`, `${NAME:-default}` from `settings`; a missing required one is an error, unless `lenient`
 * (reading the file's shape before the settings exist).
 */
export function interpolate(text: string, settings: Record<string, string>, lenient = false): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const value = settings[name];
    if (value) return value;
    if (kind === "-") return rest ?? "";
    if (kind === "?" && !lenient) throw new Error(`compose: ${name} is required (${rest || "set it in settings.env"})`);
    return "";
  });
}

/** A settings file as compose's env_file and `--env-file` read it: NAME=value lines, # comments, no quoting. */
export function readSettings(file: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) settings[match[1]!] = match[2]!;
  }
  return settings;
}

/** The YAML as data, through Python's yaml (podman-compose's dependency, python3-yaml): no YAML parser in npm's tree. */
function yamlToData(file: string): Record<string, unknown> {
  const program = "import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))";
  return JSON.parse(execFileSync("python3", ["-c", program, file], { encoding: "utf8" })) as Record<string, unknown>;
}

const list = (value: unknown): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(String);

function seconds(text: unknown): number {
  const match = /^(\d+)s$/.exec(String(text ?? "10s"));
  if (!match) throw new Error(`compose: stop_grace_period ${String(text)} is not "<n>s"`);
  return Number(match[1]);
}

function healthcheckCommand(service: string, spec: unknown): string[] | undefined {
  if (spec === undefined) return undefined;
  const test = list((spec as { test?: unknown }).test);
  if (test[0] !== "CMD") throw new Error(`compose: ${service}'s healthcheck is read here in its [CMD, …] form only`);
  return test.slice(1);
}

export function readCompose(file: string, settings: Record<string, string>, lenient = false): Compose {
  const data = yamlToData(file);
  const networks = data.networks as Record<string, { ipam?: { config?: Array<Record<string, string>> } }>;
  const [networkKey, networkSpec] = Object.entries(networks ?? {})[0] ?? [];
  const ipam = networkSpec?.ipam?.config?.[0];
  if (!networkKey || !ipam?.subnet || !ipam.gateway)
    throw new Error("compose: one network with ipam subnet and gateway");
  const services = Object.entries(data.services as Record<string, Record<string, unknown>>).map(([name, spec]) => {
    const unknownKeys = Object.keys(spec).filter((key) => !known.has(key));
    if (unknownKeys.length) throw new Error(`compose: service ${name} uses ${unknownKeys.join(", ")}, not read here`);
    const environment = Object.fromEntries(
      Object.entries((spec.environment ?? {}) as Record<string, unknown>).map(([key, value]) => [
        key,
        interpolate(String(value), settings, lenient),
      ]),
    );
    const nets = spec.networks;
    const ipv4Address = Array.isArray(nets)
      ? undefined
      : (nets as Record<string, { ipv4_address?: string } | null>)[networkKey]?.ipv4_address;
    return {
      name,
      image: String(spec.image),
      dependsOn: Array.isArray(spec.depends_on) ? list(spec.depends_on) : Object.keys(spec.depends_on ?? {}),
      environment,
      envFiles: list(spec.env_file).map((path) => resolve(dirname(file), path)),
      volumes: list(spec.volumes),
      ports: list(spec.ports),
      readOnly: spec.read_only === true,
      stopGraceSeconds: seconds(spec.stop_grace_period),
      ipv4Address,
      healthcheck: healthcheckCommand(name, spec.healthcheck),
    } satisfies ComposeService;
  });
  return {
    services,
    network: { key: networkKey, subnet: ipam.subnet, ipRange: ipam.ip_range, gateway: ipam.gateway },
    volumes: Object.keys((data.volumes ?? {}) as object),
  };
}

/**
 * `podman run` of one service, named `<project>-<service>`, on the project's network under its service name. `envFile`
 * stands in for the service's env_file (the try's generated settings); `publish` false leaves its ports unpublished.
 */
export function runArguments(
  service: ComposeService,
  compose: Compose,
  { project, envFile, publish }: { project: string; envFile: string; publish: boolean },
): string[] {
  const name = `${project}_${compose.network.key}`;
  const network = service.ipv4Address ? `${name}:ip=${service.ipv4Address}` : name;
  return [
    ...["run", "-d", "--name", `${project}-${service.name}`, "--network", network, "--network-alias", service.name],
    ...["--stop-timeout", String(service.stopGraceSeconds)],
    ...(service.readOnly ? ["--read-only"] : []),
    ...service.envFiles.flatMap(() => ["--env-file", envFile]),
    ...Object.entries(service.environment).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    ...service.volumes.flatMap((volume) => ["-v", `${project}_${volume}`]),
    ...(publish ? service.ports.flatMap((port) => ["-p", port]) : []),
    service.image,
  ];
}

/** The services in an order where each starts after what it depends on. */
export function startOrder(services: ComposeService[]): ComposeService[] {
  const done: ComposeService[] = [];
  const visit = (service: ComposeService, path: string[]) => {
    if (done.includes(service)) return;
    if (path.includes(service.name))
      throw new Error(`compose: depends_on cycle ${[...path, service.name].join(" → ")}`);
    for (const dependency of service.dependsOn) {
      const next = services.find((s) => s.name === dependency);
      if (!next) throw new Error(`compose: ${service.name} depends on ${dependency}, which is not a service`);
      visit(next, [...path, service.name]);
    }
    done.push(service);
  };
  for (const service of services) visit(service, []);
  return done;
}
