// The places of events and offers (docs/product.md §9): the seats, the waiting list and its offers, the
// links a registrant uses to give a place back or claim one, the check-in code, the reminders and the
// mails about a place. Outside this folder, code imports only this door.
export { itemBookingOf, itemBookingsOf, recordBooking, withPlaces } from './bookings';
export { newCheckInCode, placeParts, readPlaceLink } from './links';
export {
  eventConfirmation,
  offerConfirmation,
  seatOfferMail,
  waitlistMails,
  type ConfirmationParts,
  type PlaceParts,
} from './mails';
export { seatsChanged } from './offers';
export { placesChanged } from './pages';
export { qrPng } from './qr';
export { registrationPlace } from './registration';
export { createPlacesTask } from './task';
export { cancelPlace, claimPlace, offerDeadline, placeOf, placeRecord, registeredMails } from './visitor';
