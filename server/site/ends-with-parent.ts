/**
 * Preloaded (`--import`) into a build or compression child: it ends the child when the server that
 * started it dies, even by SIGKILL. The server holds the child's standard input open; the pipe
 * closes when the server's process ends, and nothing else closes it. Otherwise a killed server's
 * build would go on writing into a folder another instance may be about to reuse or remove.
 */
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
// The pipe alone must not keep a finished build running.
(process.stdin as NodeJS.ReadStream & { unref(): void }).unref();
