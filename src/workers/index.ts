// What the background workers (the notification outbox, the asynchronous judge, report jobs) share: the loop
// that polls a store for claimable work, woken by a timer and by work enqueued in this process.

export { startPollLoop, type PollLoop, type PollLoopOptions } from './poll-loop.ts';
export { timeSlice, type TimeSlice } from './time-slice.ts';
