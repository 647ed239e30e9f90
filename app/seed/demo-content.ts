import type { HomeFactsInput } from "~/models/home-facts-form";
import { UNKNOWN_FACTS } from "~/models/home-facts";

/** Demo catalogue for a new site (SEED_DEMO=1): homes around Dallas-Fort Worth and FAQs. */

export const DEMO_PROPERTIES = [
  {
    name: "Oak Hollow Community, Lot 14",
    location: "Fort Worth, TX 76116",
    latitude: 32.7254,
    longitude: -97.4267,
    price: "$1,150/month",
    priceSpanish: "$1,150 al mes",
    applicationUrl: "https://apply.lonestarhomemanagement.com/oak-hollow-14",
    beds: "3",
    baths: "2",
    sqft: "1,216",
    description:
      "A bright three-bedroom home on a shaded corner lot with a covered porch, a split floor plan and a fenced yard. Water and trash are included, and the community pool is a short walk away.",
    descriptionSpanish:
      "Una casa luminosa de tres recámaras en un lote esquinero con sombra, porche techado, distribución dividida y patio cercado. El agua y la basura están incluidas, y la alberca de la comunidad está a pocos pasos.",
    isActive: true,
  },
  {
    name: "Cedar Ridge Estates, Home 7",
    location: "Mansfield, TX 76063",
    latitude: 32.5632,
    longitude: -97.1417,
    price: "$89,900",
    priceSpanish: "$89,900 de contado",
    applicationUrl: "https://apply.lonestarhomemanagement.com/cedar-ridge-7",
    beds: "2+",
    baths: "2",
    sqft: "1200-1400",
    description:
      "A roomy two-bedroom home with a flexible bonus room, new vinyl plank floors and energy-efficient windows, for sale with owner financing available.",
    descriptionSpanish:
      "Una casa amplia de dos recámaras con un cuarto adicional flexible, pisos nuevos de vinil y ventanas de bajo consumo, a la venta con financiamiento directo del dueño.",
    isActive: true,
  },
  {
    name: "Lakeview Studio Cottage",
    location: "Grapevine, TX 76051",
    latitude: 32.9343,
    longitude: -97.0781,
    price: "$795/month",
    priceSpanish: "$795 al mes",
    applicationUrl: null,
    beds: "Studio",
    baths: "1",
    sqft: "480",
    description:
      "A cozy studio cottage near Grapevine Lake with a full kitchen, a walk-in shower and its own parking pad. Ideal for one person who wants a quiet, low-cost place to live.",
    descriptionSpanish:
      "Una acogedora casita tipo estudio cerca del lago Grapevine, con cocina completa, regadera sin escalón y su propio espacio de estacionamiento. Ideal para una persona que busca un lugar tranquilo y económico para vivir.",
    isActive: true,
  },
  {
    name: "Bluebonnet Park, Lot 22",
    location: "Denton, TX 76207",
    latitude: 33.2148,
    longitude: -97.1331,
    price: "$1,295/month",
    priceSpanish: "$1,295 al mes",
    applicationUrl: "https://apply.lonestarhomemanagement.com/bluebonnet-22",
    beds: "4",
    baths: "2",
    sqft: "1,680",
    description:
      "A four-bedroom double-wide with an open living area, a large kitchen island and a primary suite with a garden tub, close to schools and the University of North Texas.",
    descriptionSpanish:
      "Una casa doble de cuatro recámaras con sala abierta, una isla de cocina grande y una recámara principal con tina de jardín, cerca de escuelas y de la University of North Texas.",
    isActive: true,
  },
  {
    name: "Pecan Grove Village, Home 3",
    location: "Weatherford, TX 76086",
    latitude: 32.7593,
    longitude: -97.7973,
    price: "$64,500",
    priceSpanish: "$64,500 de contado",
    applicationUrl: null,
    beds: "3",
    baths: "2",
    sqft: "1,056",
    description:
      "A well-kept three-bedroom single-wide under mature pecan trees, with a storage shed, a new water heater and an easy drive to downtown Weatherford.",
    descriptionSpanish:
      "Una casa sencilla de tres recámaras bien cuidada, bajo nogales maduros, con bodega, calentador de agua nuevo y a poca distancia del centro de Weatherford.",
    isActive: true,
  },
  {
    name: "Trinity Meadows, Lot 9",
    location: "Arlington, TX 76011",
    latitude: 32.7557,
    longitude: -97.0934,
    price: "$1,050/month",
    priceSpanish: "$1,050 al mes",
    applicationUrl: "https://apply.lonestarhomemanagement.com/trinity-meadows-9",
    beds: "2",
    baths: "1.5",
    sqft: "924",
    description:
      "A freshly painted two-bedroom home minutes from the entertainment district, with a carport, a washer and dryer hookup and a small garden.",
    descriptionSpanish:
      "Una casa de dos recámaras recién pintada, a minutos de la zona de entretenimiento, con cochera techada, conexiones para lavadora y secadora y un pequeño jardín.",
    isActive: true,
  },
  {
    name: "Prairie View, Lot 31",
    location: "Keller, TX 76248",
    latitude: 32.9346,
    longitude: -97.2517,
    price: "$1,175/month",
    priceSpanish: "$1,175 al mes",
    applicationUrl: null,
    beds: "3",
    baths: "2",
    sqft: "1,344",
    description: "A three-bedroom home being renovated; it will be listed again when the work is done.",
    descriptionSpanish: "Una casa de tres recámaras en remodelación; se volverá a publicar cuando termine la obra.",
    isActive: false,
  },
];

export const DEMO_FAQS = [
  {
    question: "What is a manufactured home?",
    answer:
      "A manufactured home is built in a factory to the federal HUD code and then moved to its site. Today's homes offer the same comfort as site-built houses at a lower cost.",
    questionSpanish: "¿Qué es una casa manufacturada?",
    answerSpanish:
      "Una casa manufacturada se construye en fábrica según el código federal de HUD y luego se traslada a su terreno. Las casas de hoy ofrecen la misma comodidad que una casa tradicional a un costo menor.",
    sortOrder: 1,
    isActive: true,
  },
  {
    question: "How do I apply for a home?",
    answer:
      "Choose a home in the Available Homes section and press Apply Here, or send us a message and our leasing team will walk you through the application.",
    questionSpanish: "¿Cómo solicito una casa?",
    answerSpanish:
      "Elija una casa en la sección Casas disponibles y presione Solicitar aquí, o envíenos un mensaje y nuestro equipo de arrendamiento le guiará en la solicitud.",
    sortOrder: 2,
    isActive: true,
  },
  {
    question: "How can I pay my rent?",
    answer:
      "Pay online at any time through the tenant portal with a bank account or card. You can also pay by money order at the community office during office hours.",
    questionSpanish: "¿Cómo puedo pagar mi renta?",
    answerSpanish:
      "Pague en línea a cualquier hora en el portal para inquilinos con cuenta bancaria o tarjeta. También puede pagar con giro postal en la oficina de la comunidad en horario de atención.",
    sortOrder: 3,
    isActive: true,
  },
  {
    question: "What should I do in an emergency at my home?",
    answer:
      "Call 911 first if anyone is in danger. For a property emergency such as a water leak or a power problem, call our 24/7 incident line.",
    questionSpanish: "¿Qué hago si hay una emergencia en mi casa?",
    answerSpanish:
      "Si alguien corre peligro, llame primero al 911. Para una emergencia de la propiedad, como una fuga de agua o una falla eléctrica, llame a nuestra línea de incidentes disponible las 24 horas.",
    sortOrder: 4,
    isActive: true,
  },
  {
    question: "Are pets allowed?",
    answer:
      "Most communities welcome up to two pets per home, with some breed and size limits. Ask us about the rules of the community you are interested in.",
    questionSpanish: "¿Se permiten mascotas?",
    answerSpanish:
      "La mayoría de las comunidades aceptan hasta dos mascotas por casa, con algunos límites de raza y tamaño. Pregúntenos por las reglas de la comunidad que le interesa.",
    sortOrder: 5,
    isActive: true,
  },
  {
    question: "Do you manage communities for owners and investors?",
    answer:
      "Yes. We handle leasing, rent collection, maintenance, compliance and reporting for manufactured-housing communities across Texas and other HUD-compliant states.",
    questionSpanish: "¿Administran comunidades para propietarios e inversionistas?",
    answerSpanish:
      "Sí. Nos encargamos del arrendamiento, el cobro de rentas, el mantenimiento, el cumplimiento normativo y los reportes de comunidades de casas manufacturadas en Texas y otros estados que siguen el código de HUD.",
    sortOrder: 6,
    isActive: true,
  },
  {
    question: "Can I move my own home into one of your communities?",
    answer: "We are not accepting moved-in homes this season.",
    questionSpanish: "¿Puedo traer mi propia casa a una de sus comunidades?",
    answerSpanish: "Por ahora no aceptamos casas traídas por los residentes.",
    sortOrder: 7,
    isActive: false,
  },
];

type DemoFacts = Partial<HomeFactsInput> & Pick<HomeFactsInput, "status">;

/** Every fact, those not given none: the shape a save with facts takes. */
function demoFacts(given: DemoFacts): HomeFactsInput {
  return { ...UNKNOWN_FACTS, ...given };
}

/**
 * The demo homes' facts, in DEMO_PROPERTIES' order (docs/product.md, "Facts of a home"):
 * what their descriptions say, and what a park's listing adds. The price, rooms and size
 * are read from the texts. Trinity Meadows' monthly total is the product's example: rent
 * $1,050 + lot rent $0 + $15 trash a month = $1,065.
 */
export const DEMO_FACTS: HomeFactsInput[] = [
  demoFacts({
    status: "available",
    listingType: "rent",
    depositAmount: 1150,
    applicationFee: 45,
    lotRentMonthly: 0,
    lotRentIncludes: "Included in the rent",
    lotRentIncludesSpanish: "Incluida en la renta",
    utilitiesIncluded: ["water", "trash"],
    homeType: "double_wide",
    yearBuilt: 2016,
    make: "Clayton",
    pets: "cats_and_dogs",
    petsNote: "Up to 2 pets, $25 a month each",
    petsNoteSpanish: "Hasta 2 mascotas, $25 al mes cada una",
    community: "Oak Hollow Community",
    seniorCommunity: false,
    streetAddress: "4100 Oak Hollow Dr, Lot 14",
    streetAddressPublic: true,
  }),
  demoFacts({
    status: "available",
    listingType: "owner_finance",
    lotRentMonthly: 450,
    lotRentIncludes: "Water, sewer and trash",
    lotRentIncludesSpanish: "Agua, drenaje y basura",
    homeType: "double_wide",
    yearBuilt: 2019,
    make: "Champion",
    pets: "cats_and_dogs",
    petsNote: "Two pets at most, by the community's rules",
    petsNoteSpanish: "Dos mascotas como máximo, según las reglas de la comunidad",
    community: "Cedar Ridge Estates",
    seniorCommunity: false,
  }),
  demoFacts({
    status: "available",
    listingType: "rent",
    depositAmount: 500,
    applicationFee: 35,
    lotRentMonthly: 0,
    utilitiesIncluded: ["water", "sewer", "trash", "electric"],
    homeType: "other",
    yearBuilt: 2005,
    pets: "cats",
    petsNote: "One cat",
    petsNoteSpanish: "Un gato",
    seniorCommunity: false,
  }),
  demoFacts({
    status: "available",
    listingType: "rent",
    depositAmount: 1295,
    applicationFee: 45,
    lotRentMonthly: 0,
    utilitiesIncluded: ["trash"],
    homeType: "double_wide",
    yearBuilt: 2020,
    make: "Clayton",
    pets: "dogs",
    petsNote: "One dog up to 50 lb",
    petsNoteSpanish: "Un perro de hasta 50 lb",
    community: "Bluebonnet Park",
    seniorCommunity: false,
  }),
  demoFacts({
    status: "available",
    listingType: "sale",
    lotRentMonthly: 395,
    lotRentIncludes: "Water and sewer",
    lotRentIncludesSpanish: "Agua y drenaje",
    homeType: "single_wide",
    yearBuilt: 2008,
    make: "Fleetwood",
    community: "Pecan Grove Village",
    seniorCommunity: true,
  }),
  demoFacts({
    status: "available",
    listingType: "rent",
    depositAmount: 800,
    applicationFee: 35,
    lotRentMonthly: 0,
    otherMonthlyFees: 15,
    otherMonthlyFeesNote: "Trash pickup",
    otherMonthlyFeesNoteSpanish: "Recolección de basura",
    utilitiesIncluded: ["water", "sewer"],
    homeType: "single_wide",
    yearBuilt: 2012,
    make: "Palm Harbor",
    pets: "cats",
    petsNote: "Cats only, $20 a month",
    petsNoteSpanish: "Solo gatos, $20 al mes",
    community: "Trinity Meadows",
    seniorCommunity: false,
    streetAddress: "2200 Meadow Ln, Lot 9",
  }),
  demoFacts({
    status: "off_market",
    listingType: "rent",
    homeType: "single_wide",
    yearBuilt: 2001,
    pets: "none",
    community: "Prairie View",
    seniorCommunity: false,
  }),
];
