// Under npm (`npm start`, `npm run serve`), a SIGTERM or SIGINT sent to npm's own process reaches the shell npm runs
// the script in, which ends without passing it on: this process would be left running. So, when run by npm, it
// watches its parent and, once it is gone, sends itself SIGTERM: it stops as if the signal had reached it. Not
// outside npm, where a server started from a shell that then exits (nohup, a process manager) must keep running.
const watchMs = 250;

if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, watchMs);
  timer.unref();
}
