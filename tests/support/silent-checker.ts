/**
 * A content checker's process that starts and then never answers: a check that runs past any
 * time limit, for the tests of what the server does meanwhile and after (content-checker.ts).
 */
process.on('message', () => undefined);
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
