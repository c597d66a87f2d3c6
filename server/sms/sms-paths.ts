/** Where Twilio posts a partner's reply and each text's delivery status: paste the first into Twilio's console; the second is sent with each text. */
export const SMS_INBOUND_PATH = '/sms/twilio/inbound';
export const SMS_STATUS_PATH = '/sms/twilio/status';
