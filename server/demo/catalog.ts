/** The fixed vocabulary of the demo operator: a serviced-apartment building in Medellín (El Poblado). */

export interface TypologySpec {
  name: string;
  /** Weight of this typology among the rooms. */
  share: number;
  /** Nightly base rate in COP (2023 prices) and monthly base for long stays. */
  nightly: number;
  monthly: number;
  maxAdults: number;
  maxChildren: number;
  /** Room name prefix; the number is appended. */
  roomPrefix: string;
}

// Several names are ≥ 15 characters (and one exactly 14) so the UI's truncation rule is exercised.
export const typologies: readonly TypologySpec[] = [
  { name: 'Estudio', share: 26, nightly: 185_000, monthly: 3_900_000, maxAdults: 2, maxChildren: 0, roomPrefix: 'Estudio' },
  { name: 'Loft Ejecutivo', share: 14, nightly: 240_000, monthly: 4_800_000, maxAdults: 2, maxChildren: 1, roomPrefix: 'Loft' },
  { name: 'Suite', share: 18, nightly: 290_000, monthly: 5_600_000, maxAdults: 2, maxChildren: 1, roomPrefix: 'Suite' },
  { name: 'Apartamento 1 alcoba', share: 22, nightly: 340_000, monthly: 6_500_000, maxAdults: 3, maxChildren: 1, roomPrefix: 'Apto 1 alcoba' },
  { name: 'Apartamento 2 alcobas', share: 14, nightly: 480_000, monthly: 8_900_000, maxAdults: 4, maxChildren: 2, roomPrefix: 'Apto 2 alcobas' },
  { name: 'Penthouse Vista Ciudad', share: 6, nightly: 850_000, monthly: 15_500_000, maxAdults: 6, maxChildren: 2, roomPrefix: 'Penthouse Mirador' },
];

export interface SpaceSpec {
  name: string;
  hourly: number;
  withReservation: boolean;
  /** Hosts events. */
  events: boolean;
  status?: boolean;
  deleted?: boolean;
}

export const spaces: readonly SpaceSpec[] = [
  { name: 'Coworking', hourly: 25_000, withReservation: true, events: true },
  { name: 'Terraza', hourly: 120_000, withReservation: true, events: true },
  { name: 'Sala de juntas', hourly: 60_000, withReservation: true, events: false },
  { name: 'Gimnasio', hourly: 0, withReservation: false, events: true },
  { name: 'Salón de eventos El Poblado', hourly: 250_000, withReservation: true, events: true },
  { name: 'Zona BBQ', hourly: 80_000, withReservation: true, events: false },
  { name: 'Piscina', hourly: 0, withReservation: false, events: false, status: true },
  { name: 'Sala de cine', hourly: 90_000, withReservation: true, events: true, deleted: true },
  { name: 'Estudio de podcast', hourly: 70_000, withReservation: true, events: false },
  { name: 'Cocina compartida', hourly: 40_000, withReservation: true, events: true },
];

export interface BusinessSpec {
  key: 'restaurante' | 'bar' | 'cafe' | 'minimarket' | 'servicios' | 'hospedaje';
  name: string;
  isService: boolean;
  isBusiness: boolean;
}

export const businesses: readonly BusinessSpec[] = [
  { key: 'restaurante', name: 'Restaurante La Terraza', isService: false, isBusiness: true },
  { key: 'bar', name: 'Bar Mirador', isService: false, isBusiness: true },
  { key: 'cafe', name: 'Café de la Montaña', isService: false, isBusiness: true },
  { key: 'minimarket', name: 'Minimarket 24h', isService: false, isBusiness: true },
  { key: 'servicios', name: 'Servicios', isService: true, isBusiness: true },
  // Lodging charges are billed under a unit that is not a point-of-sale business.
  { key: 'hospedaje', name: 'Hospedaje', isService: false, isBusiness: false },
];

export type PosBusinessKey = 'restaurante' | 'bar' | 'cafe' | 'minimarket';

/** name, price before tax (COP), cost share of the price, tax type, tax percent. */
export type ProductSpec = readonly [string, number, number, string, number];

export const products: Record<PosBusinessKey, readonly ProductSpec[]> = {
  restaurante: [
    ['Bandeja paisa', 42_000, 0.36, 'INC', 8],
    ['Ajiaco santafereño', 36_000, 0.34, 'INC', 8],
    ['Sancocho de gallina', 34_000, 0.33, 'INC', 8],
    ['Hamburguesa Mirador', 38_000, 0.38, 'INC', 8],
    ['Pasta carbonara', 39_000, 0.3, 'INC', 8],
    ['Salmón en salsa de maracuyá', 58_000, 0.42, 'INC', 8],
    ['Churrasco con chimichurri', 62_000, 0.44, 'INC', 8],
    ['Ensalada César', 29_000, 0.3, 'INC', 8],
    ['Arepa con hogao', 12_000, 0.25, 'INC', 8],
    ['Patacones con guacamole', 18_000, 0.28, 'INC', 8],
    ['Limonada de coco', 12_000, 0.22, 'INC', 8],
    ['Jugo natural en agua', 9_000, 0.2, 'INC', 8],
    ['Desayuno americano', 28_000, 0.32, 'INC', 8],
    ['Desayuno típico paisa', 26_000, 0.33, 'INC', 8],
    ['Huevos pericos con arepa', 18_000, 0.28, 'INC', 8],
    ['Postre tres leches', 14_000, 0.27, 'INC', 8],
    ['Brownie con helado', 16_000, 0.3, 'INC', 8],
  ],
  bar: [
    ['Cerveza Club Colombia', 12_000, 0.35, 'INC', 8],
    ['Cerveza artesanal', 16_000, 0.4, 'INC', 8],
    ['Aguardiente Antioqueño media', 85_000, 0.45, 'INC', 8],
    ['Ron Medellín 3 años copa', 18_000, 0.3, 'INC', 8],
    ['Mojito', 28_000, 0.22, 'INC', 8],
    ['Margarita', 30_000, 0.23, 'INC', 8],
    ['Gin tonic', 32_000, 0.25, 'INC', 8],
    ['Coctel de lulo', 26_000, 0.2, 'INC', 8],
    ['Copa de vino tinto', 28_000, 0.38, 'INC', 8],
    ['Picada para compartir', 55_000, 0.4, 'INC', 8],
    ['Nachos con queso', 32_000, 0.3, 'INC', 8],
    ['Agua con gas', 8_000, 0.35, 'INC', 8],
  ],
  cafe: [
    ['Tinto', 4_000, 0.15, 'INC', 8],
    ['Café americano', 6_000, 0.16, 'INC', 8],
    ['Capuchino', 9_000, 0.2, 'INC', 8],
    ['Latte de vainilla', 9_500, 0.22, 'INC', 8],
    ['Café de origen en V60', 14_000, 0.25, 'INC', 8],
    ['Chocolate caliente con queso', 8_000, 0.25, 'INC', 8],
    ['Croissant de almendras', 7_500, 0.35, 'INC', 8],
    ['Pandebono', 4_500, 0.3, 'INC', 8],
    ['Buñuelo', 3_500, 0.3, 'INC', 8],
    ['Torta de zanahoria', 10_000, 0.32, 'INC', 8],
    ['Sándwich de pavo', 19_000, 0.38, 'INC', 8],
    ['Aromática de frutas', 5_000, 0.15, 'INC', 8],
  ],
  minimarket: [
    ['Agua sin gas 600 ml', 3_500, 0.45, 'IVA', 19],
    ['Gaseosa 400 ml', 5_000, 0.55, 'IVA', 19],
    ['Papas fritas', 6_000, 0.6, 'IVA', 19],
    ['Chocolatina Jet', 2_500, 0.6, 'IVA', 19],
    ['Cerveza Águila lata', 5_500, 0.6, 'IVA', 19],
    ['Huevos x 12', 14_000, 0.75, 'EXENTO', 0],
    ['Leche entera 1 L', 5_200, 0.78, 'EXENTO', 0],
    ['Frutas de temporada', 9_000, 0.6, 'EXENTO', 0],
    ['Pan tajado', 8_500, 0.65, 'IVA', 5],
    ['Café molido 500 g', 24_000, 0.62, 'IVA', 5],
    ['Protector solar', 48_000, 0.55, 'IVA', 19],
    ['Cepillo de dientes', 9_000, 0.5, 'IVA', 19],
  ],
};

/** Services sold by the service business: name, price before tax (COP). */
export const serviceSpecs: readonly (readonly [string, number])[] = [
  ['Spa - Masaje relajante', 150_000],
  ['Spa - Masaje de piedras calientes', 190_000],
  ['Lavandería express', 45_000],
  ['Transporte aeropuerto JMC', 95_000],
  ['Tour Comuna 13', 120_000],
  ['Tour del café en Santa Elena', 180_000],
  ['Limpieza adicional', 45_000],
  ['Alquiler de bicicleta', 35_000],
  ['Clase de yoga privada', 70_000],
  ['Peluquería y barbería', 55_000],
];

export const areas: readonly { name: string; options: readonly (readonly [string, string])[] }[] = [
  {
    name: 'Habitaciones',
    options: [
      ['Limpieza de salida', '#4CAF50'],
      ['Limpieza de estancia', '#8BC34A'],
      ['Cambio de sábanas', '#03A9F4'],
      ['Revisión de minibar', '#FFC107'],
    ],
  },
  {
    name: 'Zonas comunes',
    options: [
      ['Aseo de lobby', '#9C27B0'],
      ['Aseo de terraza', '#673AB7'],
      ['Aseo de gimnasio', '#3F51B5'],
    ],
  },
  {
    name: 'Lavandería',
    options: [
      ['Lavado de ropa de cama', '#00BCD4'],
      ['Planchado', '#009688'],
      ['Lavado de ropa de huésped', '#607D8B'],
    ],
  },
  {
    name: 'Mantenimiento',
    options: [
      ['Reparación eléctrica', '#F44336'],
      ['Plomería', '#E91E63'],
      ['Aire acondicionado', '#FF5722'],
      ['Pintura y retoques', '#795548'],
    ],
  },
];

export interface ChannelSpec {
  name: string;
  ota: boolean;
  shortWeight: number;
  longWeight: number;
}

// Some names are ≥ 12 characters so the contact-name truncation is exercised.
export const channels: readonly ChannelSpec[] = [
  { name: 'Booking.com', ota: true, shortWeight: 28, longWeight: 6 },
  { name: 'Airbnb', ota: true, shortWeight: 22, longWeight: 24 },
  { name: 'Expedia', ota: true, shortWeight: 8, longWeight: 1 },
  { name: 'Hotels.com', ota: true, shortWeight: 2, longWeight: 0 },
  { name: 'Directo', ota: false, shortWeight: 11, longWeight: 18 },
  { name: 'WhatsApp', ota: false, shortWeight: 10, longWeight: 14 },
  { name: 'Página web', ota: false, shortWeight: 8, longWeight: 8 },
  { name: 'Corporativo', ota: false, shortWeight: 6, longWeight: 20 },
  { name: 'Agencia de viajes', ota: false, shortWeight: 3, longWeight: 2 },
  { name: 'Recomendación de huésped', ota: false, shortWeight: 2, longWeight: 7 },
];

export interface NationalitySpec {
  nationality: string;
  country: string;
  weight: number;
  names: 'es' | 'en' | 'de' | 'fr' | 'pt' | 'nl';
  phone: string;
  doc: string;
  places: readonly (readonly [string, string, string])[];
}

export const nationalities: readonly NationalitySpec[] = [
  {
    nationality: 'Colombia', country: 'Colombia', weight: 52, names: 'es', phone: '+57', doc: 'CC',
    places: [
      ['Antioquia', 'Medellín', '050021'], ['Antioquia', 'Envigado', '055422'], ['Cundinamarca', 'Bogotá', '110111'],
      ['Valle del Cauca', 'Cali', '760001'], ['Atlántico', 'Barranquilla', '080001'], ['Bolívar', 'Cartagena', '130001'],
      ['Santander', 'Bucaramanga', '680001'], ['Risaralda', 'Pereira', '660001'],
    ],
  },
  { nationality: 'Estados Unidos', country: 'Estados Unidos', weight: 13, names: 'en', phone: '+1', doc: 'PA',
    places: [['Florida', 'Miami', '33101'], ['New York', 'New York', '10001'], ['California', 'Los Angeles', '90001'], ['Texas', 'Austin', '73301']] },
  { nationality: 'México', country: 'México', weight: 5, names: 'es', phone: '+52', doc: 'PA',
    places: [['Ciudad de México', 'Ciudad de México', '01000'], ['Jalisco', 'Guadalajara', '44100']] },
  { nationality: 'España', country: 'España', weight: 4, names: 'es', phone: '+34', doc: 'PA',
    places: [['Madrid', 'Madrid', '28001'], ['Cataluña', 'Barcelona', '08001']] },
  { nationality: 'Argentina', country: 'Argentina', weight: 3, names: 'es', phone: '+54', doc: 'PA',
    places: [['Buenos Aires', 'Buenos Aires', 'C1000'], ['Córdoba', 'Córdoba', 'X5000']] },
  { nationality: 'Alemania', country: 'Alemania', weight: 3, names: 'de', phone: '+49', doc: 'PA',
    places: [['Berlín', 'Berlín', '10115'], ['Baviera', 'Múnich', '80331']] },
  { nationality: 'Francia', country: 'Francia', weight: 2, names: 'fr', phone: '+33', doc: 'PA', places: [['Île-de-France', 'París', '75001']] },
  { nationality: 'Canadá', country: 'Canadá', weight: 3, names: 'en', phone: '+1', doc: 'PA',
    places: [['Ontario', 'Toronto', 'M5H 2N2'], ['Quebec', 'Montreal', 'H2Y 1C6']] },
  { nationality: 'Brasil', country: 'Brasil', weight: 3, names: 'pt', phone: '+55', doc: 'PA', places: [['São Paulo', 'São Paulo', '01000-000']] },
  { nationality: 'Chile', country: 'Chile', weight: 2, names: 'es', phone: '+56', doc: 'PA', places: [['Región Metropolitana', 'Santiago', '8320000']] },
  { nationality: 'Perú', country: 'Perú', weight: 2, names: 'es', phone: '+51', doc: 'PA', places: [['Lima', 'Lima', '15001']] },
  { nationality: 'Reino Unido', country: 'Reino Unido', weight: 2, names: 'en', phone: '+44', doc: 'PA', places: [['Inglaterra', 'Londres', 'EC1A 1BB']] },
  { nationality: 'Países Bajos', country: 'Países Bajos', weight: 1, names: 'nl', phone: '+31', doc: 'PA', places: [['Holanda Septentrional', 'Ámsterdam', '1011']] },
  { nationality: 'Venezuela', country: 'Colombia', weight: 3, names: 'es', phone: '+57', doc: 'CE', places: [['Antioquia', 'Medellín', '050021']] },
  { nationality: 'Ecuador', country: 'Ecuador', weight: 2, names: 'es', phone: '+593', doc: 'PA', places: [['Pichincha', 'Quito', '170101']] },
];

export const firstNames: Record<NationalitySpec['names'], { f: readonly string[]; m: readonly string[] }> = {
  es: {
    f: ['María', 'Valentina', 'Daniela', 'Camila', 'Laura', 'Mariana', 'Sofía', 'Isabella', 'Natalia', 'Carolina',
      'Paula', 'Juliana', 'Andrea', 'Manuela', 'Sara', 'Luisa Fernanda', 'Ana María', 'Catalina', 'Gabriela', 'Lucía',
      'Alejandra', 'Diana', 'Paola', 'Marcela', 'Verónica', 'Juana', 'Salomé', 'Antonia'],
    m: ['Juan', 'Santiago', 'Sebastián', 'Andrés', 'Carlos', 'Felipe', 'Alejandro', 'Mateo', 'Nicolás', 'Daniel',
      'David', 'Juan Pablo', 'Juan Camilo', 'Esteban', 'Simón', 'Jorge', 'Luis', 'Miguel Ángel', 'Diego', 'Julián',
      'Ricardo', 'Óscar', 'Mauricio', 'Hernán', 'Emilio', 'Samuel', 'Tomás', 'Jerónimo'],
  },
  en: {
    f: ['Emily', 'Sarah', 'Jessica', 'Ashley', 'Hannah', 'Olivia', 'Emma', 'Megan', 'Rachel', 'Lauren', 'Chloe', 'Grace'],
    m: ['Michael', 'James', 'John', 'Robert', 'David', 'Daniel', 'Matthew', 'Ryan', 'Kevin', 'Brian', 'Tyler', 'Ethan'],
  },
  de: { f: ['Anna', 'Lena', 'Julia', 'Lea', 'Katharina'], m: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias'] },
  fr: { f: ['Camille', 'Manon', 'Chloé', 'Léa', 'Inès'], m: ['Louis', 'Hugo', 'Lucas', 'Théo', 'Antoine'] },
  pt: { f: ['Ana', 'Beatriz', 'Larissa', 'Fernanda', 'Juliana'], m: ['João', 'Pedro', 'Gabriel', 'Rafael', 'Thiago'] },
  nl: { f: ['Sanne', 'Lotte', 'Eva', 'Fleur'], m: ['Daan', 'Sem', 'Bram', 'Jesse'] },
};

export const lastNames: Record<NationalitySpec['names'], readonly string[]> = {
  es: ['Gómez', 'Restrepo', 'Rodríguez', 'Martínez', 'López', 'García', 'Hernández', 'Ramírez', 'Zapata', 'Ospina',
    'Londoño', 'Arango', 'Vélez', 'Mejía', 'Jaramillo', 'Cardona', 'Giraldo', 'Correa', 'Álvarez', 'Muñoz',
    'Castaño', 'Betancur', 'Echeverri', 'Uribe', 'Gutiérrez', 'Sánchez', 'Torres', 'Moreno', 'Quintero', 'Henao',
    'Villegas', 'Posada', 'Montoya', 'Salazar', 'Agudelo', 'Palacio', 'Díaz', 'Toro', 'Ruiz', 'Franco',
    // Short first words: the UI then shows the whole last name.
    'De la Cruz', 'De los Ríos', 'Del Valle', 'Paz', 'Gil', 'Rey', 'Mora', 'Vega'],
  en: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Moore',
    'Clark', 'Lewis', 'Walker', 'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green'],
  de: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann'],
  fr: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'],
  pt: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Almeida', 'Ferreira'],
  nl: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser'],
};

export const companies: readonly (readonly [string, string])[] = [
  ['Bancolombia', 'Bancolombia S.A.'],
  ['Grupo Nutresa', 'Grupo Nutresa S.A.'],
  ['EPM', 'Empresas Públicas de Medellín E.S.P.'],
  ['Sura', 'Suramericana S.A.'],
  ['Argos', 'Cementos Argos S.A.'],
  ['Globant', 'Globant Colombia S.A.S.'],
  ['Rappi', 'Rappi S.A.S.'],
  ['Ecopetrol', 'Ecopetrol S.A.'],
  ['Bavaria', 'Bavaria & Cia S.C.A.'],
  ['Avianca', 'Aerovías del Continente Americano S.A.'],
  ['Comfama', 'Caja de Compensación Familiar de Antioquia'],
  ['Tigo UNE', 'UNE EPM Telecomunicaciones S.A.'],
  ['Postobón', 'Postobón S.A.'],
  ['Endava', 'Endava Colombia S.A.S.'],
  ['Universidad EAFIT', 'Universidad EAFIT'],
];

export const emailDomains = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com'];

export const streets = ['Calle 10', 'Calle 9', 'Carrera 43A', 'Carrera 37', 'Calle 7 Sur', 'Transversal 39', 'Carrera 35', 'Circular 1', 'Avenida El Poblado', 'Calle 33'];
export const addressDetails = ['Apto 502', 'Apto 1201', 'Casa 14', 'Torre 2 Apto 804', 'Oficina 301', 'Interior 3', 'Piso 4'];

/** Values for the client's extra data (keys of the spec's Client.extraData). */
export const extraValues = {
  maritalStatus: ['Soltero/a', 'Casado/a', 'Unión libre', 'Divorciado/a', 'Viudo/a'],
  spokenLanguages: [['Español'], ['Español', 'Inglés'], ['Inglés'], ['Español', 'Portugués'], ['Inglés', 'Alemán', 'Español'], ['Francés', 'Inglés']],
  professionalApproach: ['Tecnología', 'Finanzas', 'Salud', 'Educación', 'Marketing', 'Arquitectura', 'Derecho', 'Arte y diseño', 'Emprendimiento'],
  professionalTitle: ['Ingeniero/a de software', 'Diseñador/a UX', 'Médico/a', 'Abogado/a', 'Administrador/a de empresas', 'Contador/a', 'Arquitecto/a', 'Consultor/a', 'Periodista', 'Profesor/a'],
  annualIncome: ['Menos de 30 millones', '30 a 60 millones', '60 a 120 millones', '120 a 250 millones', 'Más de 250 millones'],
  currentCompany: ['Globant', 'Bancolombia', 'Independiente', 'Rappi', 'Endava', 'Sura', 'Mercado Libre', 'Google', 'Universidad EAFIT', 'Propia'],
  activitiesOfInterest: [['Senderismo', 'Café'], ['Gastronomía'], ['Yoga', 'Meditación'], ['Salsa', 'Vida nocturna'], ['Ciclismo'], ['Networking', 'Emprendimiento'], ['Arte', 'Museos'], ['Fútbol']],
  populationGroupPreference: ['Nómadas digitales', 'Familias', 'Ejecutivos', 'Estudiantes', 'Jubilados', 'Sin preferencia'],
  purposeOfTravel: ['Trabajo', 'Turismo', 'Trabajo remoto', 'Estudio', 'Salud', 'Visita familiar', 'Eventos'],
  howDidYouHearAbout: ['Instagram', 'Google', 'Referido', 'Booking.com', 'Airbnb', 'Facebook', 'Evento', 'TikTok'],
  transportationSystem: ['Metro', 'Taxi', 'Carro propio', 'Uber / DiDi', 'Bicicleta', 'Moto', 'A pie'],
} as const;

export const leadSources: readonly (readonly [string, number])[] = [
  ['Instagram', 28], ['Facebook', 12], ['Página web', 22], ['Referido', 14], ['Google Ads', 10], ['WhatsApp', 9],
  ['Feria inmobiliaria', 3], ['TikTok', 2],
];

export const leadInterests = ['Estudio', 'Loft Ejecutivo', 'Suite', 'Apartamento 1 alcoba', 'Apartamento 2 alcobas',
  'Penthouse Vista Ciudad', 'Estadía larga', 'Coworking', 'Membresía', 'Eventos corporativos'];

export const leadMessages = [
  '¿Tienen disponibilidad para el próximo mes?',
  'Quisiera información de tarifas para estadía de tres meses.',
  'Me interesa el plan de membresía del coworking.',
  'Somos una empresa y buscamos alojamiento para consultores.',
  '¿Aceptan mascotas?',
  'Necesito cotización para un evento de 40 personas.',
  'Hola, ¿el precio incluye servicios y wifi?',
  'Vi el apartamento en Instagram, ¿podrían enviarme fotos?',
  'Quiero saber si tienen parqueadero.',
  'Busco algo cerca del Parque Lleras para dos personas.',
];

export const eventTitles: readonly (readonly [string, string, number])[] = [
  ['Noche de salsa', 'Clase de salsa caleña y rumba en la terraza.', 35_000],
  ['Yoga al amanecer', 'Sesión de yoga con vista a la ciudad.', 25_000],
  ['Networking de nómadas digitales', 'Encuentro de trabajadores remotos y emprendedores.', 0],
  ['Cata de café de origen', 'Degustación de cafés especiales de Antioquia.', 60_000],
  ['Clase de cocina paisa', 'Aprende a preparar una bandeja paisa.', 90_000],
  ['Cine bajo las estrellas', 'Película al aire libre con crispetas.', 15_000],
  ['Taller de fotografía urbana', 'Recorrido y taller por El Poblado.', 75_000],
  ['Tarde de juegos de mesa', 'Juegos de mesa para la comunidad.', 0],
  ['Feria de emprendedores', 'Mercado de marcas locales.', 0],
  ['Masterclass de coctelería', 'Coctelería con frutas colombianas.', 85_000],
];

export const reviewCriteria: Record<'community' | 'employee' | 'product' | 'service' | 'task', readonly string[]> = {
  community: ['Ambiente', 'Actividades', 'Convivencia'],
  employee: ['Atención', 'Amabilidad', 'Puntualidad'],
  product: ['Sabor', 'Presentación', 'Precio'],
  service: ['Calidad', 'Tiempo de respuesta', 'Atención'],
  task: ['Limpieza', 'Orden', 'Puntualidad'],
};

export const posNotes = ['Sin cebolla', 'Para llevar', 'Término medio', 'Sin hielo', 'Extra picante', 'Sin azúcar', 'Mesa 4', 'Mesa 7', 'Bien caliente'];
export const tipNotes = ['Propina sugerida 10%', 'Propina voluntaria', 'Excelente servicio', null, null];
export const cancelReasons = ['Cambio de planes', 'Evento reprogramado', 'Solicitud del cliente', 'Pago rechazado', 'Compra duplicada'];
export const coupons: readonly (readonly [string | null, number])[] = [
  ['BIENVENIDA10', 10], ['MIRADOR15', 15], ['CUMPLE15', 15], ['TEMPORADA5', 5], [null, 10], [null, 5], [null, 20],
];
