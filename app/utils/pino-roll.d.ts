// pino-roll ships no types: the part of its API log.server.ts uses.
declare module "pino-roll" {
  import type { SonicBoom, SonicBoomOpts } from "sonic-boom";

  type PinoRollOptions = Omit<SonicBoomOpts, "dest"> & {
    file: string | (() => string);
    size?: string | number;
    frequency?: "daily" | "hourly" | number;
    extension?: string;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    dateFormat?: string;
  };

  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
