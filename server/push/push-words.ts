/** The words an alert on a phone carries beside the message itself: NZ English, for someone just woken. */
export const pushWords = {
  /** The alert's button that says "this is mine" (it posts the message's ackUrl). */
  ack: 'I’ve got it',
};
