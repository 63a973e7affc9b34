/**
 * Vitest's worker count for a stage: `alone` when the stage has the machine to itself (`npm run test:unit`,
 * test:quick), `beside` when npm test runs it in a lane while another lane still runs (run-stages.mjs sets TEST_BESIDE_LANE).
 * Two stages each starting the workers that suit one alone kept four to six busy processes on two cores: npm test
 * spent 847 CPU-seconds where the same tests with a worker fewer each spent 789 (more polling rounds in waits that
 * last longer, more compiling in more workers), in 8 s less.
 */
export const stageWorkers = (alone: number, beside: number): number =>
  process.env.TEST_BESIDE_LANE === "1" ? beside : alone;
