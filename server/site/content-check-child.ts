/**
 * The content checker's own process (content-checker.ts): takes one entry at a time over IPC and
 * answers with its problems by the build's rules. Runs the build's native MDX compiler, which a
 * hostile body can keep busy or crash: here that costs this process only.
 */
import { checkEntryForBuild } from './content.ts';
import type { CheckRequest, CheckAnswer } from './content-checker.ts';

process.on('message', (request: CheckRequest) => {
  const answer = (reply: CheckAnswer) => process.send?.(reply);
  checkEntryForBuild(request.collection, request.data, request.body, request.routes ? new Set(request.routes) : undefined).then(
    (problems) => answer({ id: request.id, problems }),
    (error: unknown) => answer({ id: request.id, error: (error as Error).message }),
  );
});
// The server went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
