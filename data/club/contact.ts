import type { ContactDetails } from '../../src/types/club.js';

/** The contact page (spec 2.7) and the opening hours of spec section 9. */
export const contact: ContactDetails = {
  organisation: 'Saint-Quentin Basket-Ball',
  address: {
    venue: 'Palais des Sports Pierre-Ratte',
    street: 'Rue Pierre-Ratte',
    postalCode: '02100',
    city: 'Saint-Quentin',
  },
  email: 'contact@sqbb.fr',
  phone: '03 23 64 21 50',
  phoneE164: '+33323642150',
  openingHours: [
    { days: 'Lundi', hours: '9h-12h et 14h-18h' },
    { days: 'Mardi', hours: '9h-12h et 14h-18h' },
    { days: 'Mercredi', hours: '9h-11h' },
    { days: 'Jeudi', hours: '9h-12h et 14h-18h' },
    { days: 'Vendredi', hours: '9h-12h et 14h-18h' },
  ],
  map: { latitude: 49.8436, longitude: 3.2993 },
};
