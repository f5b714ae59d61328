// The places of events and offers (docs/product.md §9): the seats, the waiting list and its offers, the
// links a registrant uses to give a place back or claim one, the check-in code and the reminders. Outside
// this folder, code imports only this door.
export { itemBookingOf, recordBooking, withPlaces } from './bookings';
export { newCheckInCode, placeParts, readPlaceLink } from './links';
export { seatsChanged } from './offers';
export { placesChanged } from './pages';
export { registrationPlace } from './registration';
export { createPlacesTask } from './task';
export { cancelPlace, claimPlace, offerDeadline, placeOf, placeRecord, registeredMails } from './visitor';
