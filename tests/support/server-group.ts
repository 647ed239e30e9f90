import { startServer, type RunningServer } from "./server";

/**
 * Server processes on one database (one work directory), started one or several at a
 * time and stopped together: for what must happen once whatever the processes (the
 * reminder rounds), and again none after a restart. `setUp` names the directory and
 * the environment once the test's own servers (an SMTP sink) are up.
 */
export function serverGroup() {
  let options: { workDir: string; env: Record<string, string> } | null = null;
  let servers: RunningServer[] = [];
  return {
    setUp(workDir: string, env: Record<string, string>) {
      options = { workDir, env };
    },
    async start(): Promise<RunningServer> {
      if (!options) throw new Error("serverGroup: setUp first");
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    async stopAll(): Promise<void> {
      await Promise.all(servers.map((server) => server.stop()));
      servers = [];
    },
  };
}
