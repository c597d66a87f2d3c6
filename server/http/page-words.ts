/** The lead server's own pages: a quote post refused, rate-limited or not saved, for a visitor without JavaScript. */
export const serverPageLabels = {
  checkTitle: 'Please check your quote request',
  tooManyTitle: 'Too many requests',
  notSavedTitle: 'We could not save your request',
  goBack: 'Go back to the form',
  goBackNote: "Your browser's back button keeps what you typed.",
  emergencyPrompt: 'Urgent breakdown? Call our 24/7 line:',
  orEmail: 'or e-mail',
} as const;
