/** The site's text dictionary: every public string, in English and Spanish. Seeded into text_entries. */
export type DictionaryEntry = { key: string; en: string; es: string };
export const DICTIONARY: DictionaryEntry[] = [
  // Meta & site
  {
    key: "meta.title",
    en: "Lone Star Home Management | Manufactured Housing in Texas",
    es: "Lone Star Home Management | Casas manufacturadas en Texas",
  },
  {
    key: "meta.description",
    en: "Lone Star Home Management sells, manages and develops manufactured-home communities across Texas, offering quality, affordable homes from Southlake.",
    es: "Lone Star Home Management vende, administra y desarrolla comunidades de casas manufacturadas en todo Texas, con casas accesibles y de calidad desde Southlake.",
  },
  { key: "site.name", en: "Lone Star Home Management", es: "Lone Star Home Management" },
  { key: "site.skip_to_content", en: "Skip to main content", es: "Saltar al contenido principal" },

  // Header
  { key: "header.logo_alt", en: "Lone Star Home Management logo", es: "Logotipo de Lone Star Home Management" },
  { key: "header.nav.label", en: "Main navigation", es: "Navegación principal" },
  { key: "header.nav.home", en: "Home", es: "Inicio" },
  { key: "header.nav.services", en: "Services", es: "Servicios" },
  { key: "header.nav.available_homes", en: "Available Homes", es: "Casas disponibles" },
  { key: "header.nav.available_homes.short", en: "Homes", es: "Casas" },
  { key: "header.nav.faq", en: "FAQ", es: "Preguntas" },
  { key: "header.nav.contact_us", en: "Contact Us", es: "Contáctenos" },
  { key: "header.nav.contact_us.short", en: "Contact", es: "Contacto" },
  { key: "header.button.pay_rent", en: "Pay Rent", es: "Pagar la renta" },
  { key: "header.button.apply_now", en: "Apply Now", es: "Solicitar ahora" },
  { key: "header.language.english", en: "English", es: "Inglés" },
  { key: "header.language.spanish", en: "Spanish", es: "Español" },
  { key: "header.language.tooltip", en: "Switch to Spanish", es: "Cambiar a Inglés" },
  { key: "header.language.label", en: "Language", es: "Idioma" },
  { key: "header.menu.open", en: "Open menu", es: "Abrir menú" },
  { key: "header.menu.close", en: "Close menu", es: "Cerrar menú" },

  // Footer
  { key: "footer.logo_alt", en: "Lone Star Home Management logo", es: "Logotipo de Lone Star Home Management" },
  {
    key: "footer.description",
    en: "Lone Star Home Management operates and manages manufactured-housing communities throughout Texas and other HUD-compliant states. We help residents find quality homes and help owners get the most from their communities.",
    es: "Lone Star Home Management opera y administra comunidades de casas manufacturadas en todo Texas y en otros estados que cumplen con las normas de HUD. Ayudamos a los residentes a encontrar un hogar de calidad y a los propietarios a sacar el máximo provecho de sus comunidades.",
  },
  { key: "footer.quick_links", en: "Quick Links", es: "Enlaces rápidos" },
  { key: "footer.nav.home", en: "Home", es: "Inicio" },
  { key: "footer.nav.services", en: "Services", es: "Servicios" },
  { key: "footer.nav.available_homes", en: "Available Homes", es: "Casas disponibles" },
  { key: "footer.nav.faq", en: "FAQ", es: "Preguntas frecuentes" },
  { key: "footer.nav.contact_us", en: "Contact Us", es: "Contáctenos" },
  { key: "footer.nav.tenant_portal", en: "Tenant Portal (Pay Rent)", es: "Portal de inquilinos (pagar la renta)" },
  { key: "footer.nav.admin", en: "Content Admin", es: "Administración de contenido" },
  { key: "footer.contact_info", en: "Contact Info", es: "Información de contacto" },
  { key: "footer.follow_us", en: "Follow Us", es: "Síganos" },
  { key: "footer.social.facebook", en: "Visit us on Facebook", es: "Visítenos en Facebook" },
  { key: "footer.social.linkedin", en: "Connect with us on LinkedIn", es: "Conéctese con nosotros en LinkedIn" },
  {
    key: "footer.copyright",
    en: "© {{year}} Lone Star Home Management. All rights reserved.",
    es: "© {{year}} Lone Star Home Management. Todos los derechos reservados.",
  },
  { key: "footer.new_tab", en: "(opens in a new tab)", es: "(se abre en una pestaña nueva)" },

  // Links
  {
    key: "links.pay_rent_url",
    en: "https://portal.lonestarhomemanagement.com/pay-rent",
    es: "https://portal.lonestarhomemanagement.com/pay-rent",
  },
  {
    key: "links.maintenance_url",
    en: "https://portal.lonestarhomemanagement.com/maintenance",
    es: "https://portal.lonestarhomemanagement.com/maintenance",
  },
  {
    key: "links.facebook_url",
    en: "https://www.facebook.com/lonestarhomemanagement",
    es: "https://www.facebook.com/lonestarhomemanagement",
  },
  {
    key: "links.linkedin_url",
    en: "https://www.linkedin.com/company/lonestarhomemanagement",
    es: "https://www.linkedin.com/company/lonestarhomemanagement",
  },

  // Contact details
  { key: "contact.phone", en: "(817) 555-0142", es: "(817) 555-0142" },
  { key: "contact.phone_href", en: "+18175550142", es: "+18175550142" },
  { key: "contact.email", en: "info@lonestarhomemanagement.com", es: "info@lonestarhomemanagement.com" },
  {
    key: "contact.address",
    en: "1560 E Southlake Blvd, Suite 100, Southlake, TX 76092",
    es: "1560 E Southlake Blvd, Suite 100, Southlake, TX 76092",
  },
  {
    key: "contact.hours",
    en: "Monday - Friday: 8:00 AM - 5:00 PM",
    es: "Lunes a viernes: 8:00 a. m. - 5:00 p. m.",
  },

  // Hero
  {
    key: "hero.title",
    en: "Quality Manufactured Homes, Professionally Managed",
    es: "Casas manufacturadas de calidad, con administración profesional",
  },
  {
    key: "hero.subtitle",
    en: "From finding your next home to caring for entire communities, we make manufactured-home living in Texas simple and dependable.",
    es: "Desde encontrar su próximo hogar hasta cuidar comunidades enteras, hacemos que vivir en una casa manufacturada en Texas sea fácil y confiable.",
  },
  { key: "hero.cta_homes", en: "View Available Homes", es: "Ver casas disponibles" },
  { key: "hero.cta_contact", en: "Contact Us", es: "Contáctenos" },
  {
    key: "hero.placeholder_alt",
    en: "Manufactured home community in Texas",
    es: "Comunidad de casas manufacturadas en Texas",
  },
  { key: "hero.image_alt", en: "Community photo {{n}} of {{total}}", es: "Foto de la comunidad {{n}} de {{total}}" },
  { key: "hero.previous", en: "Previous image", es: "Imagen anterior" },
  { key: "hero.next", en: "Next image", es: "Imagen siguiente" },
  { key: "hero.go_to_slide", en: "Go to image {{n}}", es: "Ir a la imagen {{n}}" },
  { key: "hero.pause", en: "Pause slideshow", es: "Pausar presentación" },
  { key: "hero.play", en: "Play slideshow", es: "Reproducir presentación" },
  { key: "hero.open_gallery", en: "Open photo gallery", es: "Abrir galería de fotos" },
  { key: "hero.carousel_label", en: "Community photos", es: "Fotos de la comunidad" },
  // What a screen reader calls a carousel and each of its slides (aria-roledescription).
  { key: "carousel.roledescription", en: "carousel", es: "carrusel" },
  { key: "carousel.slide_roledescription", en: "slide", es: "diapositiva" },

  // Gallery & dialog
  { key: "gallery.title", en: "Photo Gallery", es: "Galería de fotos" },
  { key: "gallery.count_one", en: "{{count}} image in gallery", es: "{{count}} imagen en la galería" },
  { key: "gallery.count_other", en: "{{count}} images in gallery", es: "{{count}} imágenes en la galería" },
  { key: "gallery.empty", en: "No gallery images available", es: "No hay imágenes disponibles en la galería" },
  { key: "dialog.close", en: "Close", es: "Cerrar" },

  // Services
  { key: "services.title", en: "Our Services", es: "Nuestros servicios" },
  {
    key: "services.subtitle",
    en: "Complete solutions for manufactured-housing residents, owners and investors across Texas.",
    es: "Soluciones integrales para residentes, propietarios e inversionistas de casas manufacturadas en todo Texas.",
  },
  { key: "services.sales.title", en: "Home Sales & Brokerage", es: "Venta y corretaje de casas" },
  {
    key: "services.sales.description",
    en: "Whether you are buying your first home or selling an entire community, our licensed team guides you through every step. We know the Texas manufactured-housing market and work to get you a fair price and a smooth closing.",
    es: "Ya sea que compre su primera casa o venda una comunidad completa, nuestro equipo con licencia lo acompaña en cada paso. Conocemos el mercado de casas manufacturadas en Texas y trabajamos para conseguirle un precio justo y un cierre sin complicaciones.",
  },
  {
    key: "services.development.title",
    en: "Property & Community Development",
    es: "Desarrollo de propiedades y comunidades",
  },
  {
    key: "services.development.description",
    en: "We plan and build new manufactured-housing communities and breathe new life into existing ones. From land and permits to finished homes, we handle the details.",
    es: "Planeamos y construimos nuevas comunidades de casas manufacturadas y renovamos las que ya existen. Desde el terreno y los permisos hasta las casas terminadas, nos encargamos de cada detalle.",
  },
  { key: "services.development.learn_more", en: "Learn More", es: "Más información" },
  {
    key: "services.development.dialog_title",
    en: "Property & Community Development",
    es: "Desarrollo de propiedades y comunidades",
  },
  {
    key: "services.development.intro",
    en: "Great communities start with careful planning. Our development team combines local knowledge, construction experience and years of day-to-day management to create places where residents want to live. The result is a community that serves its neighbors well and gives owners lasting returns.",
    es: "Las buenas comunidades comienzan con una planeación cuidadosa. Nuestro equipo de desarrollo combina conocimiento local, experiencia en construcción y años de administración diaria para crear lugares donde los residentes quieren vivir. El resultado es una comunidad que sirve bien a sus vecinos y ofrece a los propietarios rendimientos duraderos.",
  },
  { key: "services.development.greenfield_title", en: "Greenfield Development", es: "Desarrollo en terrenos nuevos" },
  {
    key: "services.development.greenfield_text",
    en: "We turn raw land into complete manufactured-housing communities. It starts with site selection: we study access, demand, flood risk and local growth to find land that truly fits. Next, we work with cities and counties on zoning, platting and entitlements so the project moves forward with every approval in place. We then plan and build the infrastructure, including water, sewer, electric service, paved streets and storm drainage. Lot layouts are designed for privacy, parking and green space, and every home we place is built to the federal HUD code. Amenities such as playgrounds, walking paths and storm shelters round out the community, and our leasing team handles marketing and lease-up until every site is occupied.",
    es: "Convertimos terrenos sin desarrollar en comunidades completas de casas manufacturadas. Todo comienza con la selección del sitio: analizamos el acceso, la demanda, el riesgo de inundación y el crecimiento de la zona para encontrar el terreno adecuado. Después colaboramos con las ciudades y los condados en la zonificación, la subdivisión y los permisos, para que el proyecto avance con todas las aprobaciones en regla. Luego planeamos y construimos la infraestructura, incluidos el agua, el drenaje, la electricidad, las calles pavimentadas y el desagüe pluvial. Diseñamos la distribución de los lotes pensando en la privacidad, el estacionamiento y las áreas verdes, y cada casa que instalamos cumple con el código federal de HUD. Amenidades como áreas de juego, senderos para caminar y refugios contra tormentas completan la comunidad, y nuestro equipo de arrendamiento se encarga de la promoción y la renta hasta que todos los lotes estén ocupados.",
  },
  { key: "services.development.expansion_title", en: "Expansions & Redevelopments", es: "Ampliaciones y remodelaciones" },
  {
    key: "services.development.expansion_text",
    en: "Many established communities have room to grow and systems that need attention. We add new home sites where space and zoning allow, and we upgrade aging infrastructure such as water and sewer lines, roads, drainage and street lighting. Older homes that are past their useful life are replaced with new, energy-efficient models. We also refresh or add amenities like clubhouses, playgrounds and mail centers. Work is carefully phased so residents can stay in their homes, with clear notice before anything affects them. The result is a safer, more attractive community with higher occupancy and stronger long-term value.",
    es: "Muchas comunidades establecidas tienen espacio para crecer y sistemas que necesitan atención. Agregamos nuevos lotes donde el espacio y la zonificación lo permiten, y modernizamos la infraestructura envejecida, como las líneas de agua y drenaje, las calles, el desagüe pluvial y el alumbrado público. Reemplazamos las casas que ya cumplieron su vida útil por modelos nuevos y de bajo consumo de energía. También renovamos o añadimos amenidades como casas club, áreas de juego y centros de buzones. Organizamos las obras por etapas para que los residentes puedan permanecer en sus hogares, y les avisamos con anticipación antes de cualquier trabajo que los afecte. El resultado es una comunidad más segura y atractiva, con mayor ocupación y un valor más sólido a largo plazo.",
  },
  {
    key: "services.development.closing",
    en: "Have land or a community with untapped potential? Contact us to talk about your project.",
    es: "¿Tiene un terreno o una comunidad con potencial por aprovechar? Comuníquese con nosotros para platicar sobre su proyecto.",
  },
  { key: "services.management.title", en: "Property Management", es: "Administración de propiedades" },
  {
    key: "services.management.description",
    en: "We take care of the day-to-day operation of your community, from rent collection and leasing to maintenance and resident relations. Owners get clear reporting, and residents get a well-kept place to call home.",
    es: "Nos encargamos de la operación diaria de su comunidad, desde el cobro de la renta y el arrendamiento hasta el mantenimiento y la atención a los residentes. Los propietarios reciben informes claros y los residentes disfrutan de un lugar bien cuidado al que pueden llamar hogar.",
  },

  // Tenant services
  { key: "tenant.title", en: "Tenant Services", es: "Servicios para inquilinos" },
  {
    key: "tenant.subtitle",
    en: "Everything you need as a resident, available online or by phone.",
    es: "Todo lo que necesita como residente, disponible en línea o por teléfono.",
  },
  { key: "tenant.pay_rent.title", en: "Pay Rent Online", es: "Pague su renta en línea" },
  {
    key: "tenant.pay_rent.description",
    en: "Pay your rent securely online, any time of the day or night.",
    es: "Pague su renta en línea de forma segura, a cualquier hora del día o de la noche.",
  },
  { key: "tenant.pay_rent.action", en: "Pay Rent", es: "Pagar la renta" },
  { key: "tenant.apply.title", en: "Apply for Housing", es: "Solicite una vivienda" },
  {
    key: "tenant.apply.description",
    en: "Browse our available homes and start your application today.",
    es: "Vea nuestras casas disponibles y comience su solicitud hoy mismo.",
  },
  { key: "tenant.apply.action", en: "View Available Homes", es: "Ver casas disponibles" },
  { key: "tenant.maintenance.title", en: "Maintenance Requests", es: "Solicitudes de mantenimiento" },
  {
    key: "tenant.maintenance.description",
    en: "Tell us what needs fixing and our maintenance team will schedule a repair.",
    es: "Díganos qué necesita reparación y nuestro equipo de mantenimiento programará el servicio.",
  },
  { key: "tenant.maintenance.action", en: "Submit a Request", es: "Enviar una solicitud" },
  { key: "tenant.incident.title", en: "Report a Property Incident", es: "Reportar un incidente en la propiedad" },
  {
    key: "tenant.incident.description",
    en: "For urgent issues like water leaks, storm damage or safety concerns, our incident line is available 24/7.",
    es: "Para problemas urgentes como fugas de agua, daños por tormenta o riesgos de seguridad, nuestra línea de incidentes está disponible las 24 horas, los 7 días de la semana.",
  },
  { key: "tenant.incident.action", en: "Call 24/7", es: "Llamar 24/7" },
  { key: "tenant.incident.phone", en: "(817) 555-0199", es: "(817) 555-0199" },
  { key: "tenant.incident.phone_href", en: "+18175550199", es: "+18175550199" },

  // Properties
  { key: "properties.title", en: "Available Homes", es: "Casas disponibles" },
  {
    key: "properties.subtitle",
    en: "Find a comfortable, affordable home in one of our Texas communities.",
    es: "Encuentre una casa cómoda y accesible en una de nuestras comunidades de Texas.",
  },
  { key: "properties.view_all", en: "View All ({{count}})", es: "Ver todas ({{count}})" },
  { key: "properties.show_less", en: "Show Less", es: "Ver menos" },
  { key: "properties.view_details", en: "View Details", es: "Ver detalles" },
  { key: "properties.apply_here", en: "Apply Here", es: "Solicitar aquí" },
  { key: "properties.beds", en: "Beds", es: "Recámaras" },
  { key: "properties.baths", en: "Baths", es: "Baños" },
  { key: "properties.sqft", en: "Sq Ft", es: "Pies²" },
  { key: "properties.about", en: "About this home", es: "Acerca de esta casa" },
  { key: "properties.location", en: "Location", es: "Ubicación" },
  { key: "properties.price", en: "Price", es: "Precio" },
  {
    key: "properties.empty",
    en: "No homes are available right now. Please check back soon.",
    es: "Por el momento no hay casas disponibles. Vuelva a consultar pronto.",
  },
  { key: "properties.previous_image", en: "Previous photo", es: "Foto anterior" },
  { key: "properties.next_image", en: "Next photo", es: "Foto siguiente" },
  { key: "properties.photo_alt", en: "{{name}}, photo {{n}}", es: "{{name}}, foto {{n}}" },
  { key: "properties.details_photos", en: "Photos of {{name}}", es: "Fotos de {{name}}" },
  { key: "properties.photo_n_of", en: "{{name}}, photo {{n}} of {{total}}", es: "{{name}}, foto {{n}} de {{total}}" },
  { key: "properties.back_to_homes", en: "Back to all homes", es: "Volver a todas las casas" },
  { key: "properties.close", en: "Close", es: "Cerrar" },
  { key: "properties.ask_about", en: "Ask about this home", es: "Preguntar por esta casa" },
  { key: "properties.not_found", en: "This home is no longer available.", es: "Esta casa ya no está disponible." },
  { key: "properties.list_label", en: "Home listings", es: "Listado de casas" },
  { key: "properties.browse_all", en: "Browse all homes", es: "Explorar todas las casas" },

  // All homes (/properties): search, filters, sort and pages
  { key: "browse.meta_title", en: "All available homes", es: "Todas las casas disponibles" },
  {
    key: "browse.meta_description",
    en: "Search every available manufactured home by town, price, bedrooms and bathrooms, for rent or for sale, in our Texas communities.",
    es: "Busque entre todas las casas manufacturadas disponibles por ciudad, precio, recámaras y baños, en renta o en venta, en nuestras comunidades de Texas.",
  },
  { key: "browse.title", en: "All available homes", es: "Todas las casas disponibles" },
  {
    key: "browse.subtitle",
    en: "Search by name or town, set a price range and the rooms you need.",
    es: "Busque por nombre o ciudad, elija un rango de precio y las habitaciones que necesita.",
  },
  { key: "browse.filters_label", en: "Filter homes", es: "Filtrar casas" },
  { key: "browse.search", en: "Name or location", es: "Nombre o ubicación" },
  { key: "browse.search_placeholder", en: "e.g. Fort Worth", es: "p. ej. Fort Worth" },
  { key: "browse.min_price", en: "Min price ($)", es: "Precio mínimo ($)" },
  { key: "browse.max_price", en: "Max price ($)", es: "Precio máximo ($)" },
  { key: "browse.price_hint", en: "A month's rent or the sale price.", es: "La renta mensual o el precio de venta." },
  { key: "browse.any", en: "Any", es: "Cualquiera" },
  { key: "browse.sort", en: "Sort by", es: "Ordenar por" },
  { key: "browse.sort_newest", en: "Newest", es: "Más recientes" },
  { key: "browse.sort_price_asc", en: "Price: low to high", es: "Precio: de menor a mayor" },
  { key: "browse.sort_price_desc", en: "Price: high to low", es: "Precio: de mayor a menor" },
  { key: "browse.apply", en: "Apply filters", es: "Aplicar filtros" },
  { key: "browse.clear", en: "Clear filters", es: "Borrar filtros" },
  { key: "browse.count_one", en: "1 home", es: "1 casa" },
  { key: "browse.count_other", en: "{{from}}–{{to}} of {{count}} homes", es: "{{from}}–{{to}} de {{count}} casas" },
  { key: "browse.empty", en: "No homes match these filters.", es: "Ninguna casa coincide con estos filtros." },
  {
    key: "browse.empty_hint",
    en: "Try a wider price range or fewer rooms, or clear the filters.",
    es: "Pruebe con un rango de precio más amplio o menos habitaciones, o borre los filtros.",
  },
  { key: "browse.pages", en: "Pages", es: "Páginas" },
  { key: "browse.previous", en: "Previous", es: "Anterior" },
  { key: "browse.next", en: "Next", es: "Siguiente" },
  { key: "browse.page_n", en: "Page {{n}}", es: "Página {{n}}" },

  // Map
  { key: "map.title", en: "Map of available homes", es: "Mapa de casas disponibles" },
  { key: "map.loading", en: "Loading map...", es: "Cargando mapa..." },
  { key: "map.initializing", en: "Initializing map...", es: "Iniciando mapa..." },
  { key: "map.error_title", en: "Failed to load map", es: "No se pudo cargar el mapa" },
  {
    key: "map.error_text",
    en: "Please check your connection and try again",
    es: "Revise su conexión e inténtelo de nuevo",
  },
  { key: "map.cluster_label", en: "{{count}} homes here, zoom in", es: "{{count}} casas aquí, acercar" },
  { key: "map.info_loading", en: "Loading details...", es: "Cargando detalles..." },
  { key: "map.place_label", en: "Map of {{location}}", es: "Mapa de {{location}}" },
  {
    key: "map.place_no_script",
    en: "Turn on JavaScript to see this home on a map.",
    es: "Active JavaScript para ver esta casa en un mapa.",
  },
  {
    key: "map.no_script",
    en: "Turn on JavaScript to see the homes on a map.",
    es: "Active JavaScript para ver las casas en un mapa.",
  },

  // FAQ
  { key: "faq.title", en: "Frequently Asked Questions", es: "Preguntas frecuentes" },
  {
    key: "faq.subtitle",
    en: "Answers to common questions about renting, buying and living in our communities.",
    es: "Respuestas a las preguntas más comunes sobre rentar, comprar y vivir en nuestras comunidades.",
  },
  {
    key: "faq.empty",
    en: "No FAQs available at the moment.",
    es: "Por el momento no hay preguntas frecuentes disponibles.",
  },

  // Contact section
  { key: "contact.title", en: "Contact Us", es: "Contáctenos" },
  {
    key: "contact.subtitle",
    en: "Questions about a home, your lease or a partnership? We're here to help.",
    es: "¿Tiene preguntas sobre una casa, su contrato de renta o una posible colaboración? Con gusto le ayudamos.",
  },
  { key: "contact.info_title", en: "Get in Touch", es: "Comuníquese con nosotros" },
  { key: "contact.phone_label", en: "Phone", es: "Teléfono" },
  { key: "contact.email_label", en: "Email", es: "Correo electrónico" },
  { key: "contact.address_label", en: "Office", es: "Oficina" },
  { key: "contact.hours_label", en: "Office Hours", es: "Horario de oficina" },
  { key: "contact.form.title", en: "Send Us a Message", es: "Envíenos un mensaje" },
  { key: "contact.form.first_name", en: "First Name", es: "Nombre" },
  { key: "contact.form.last_name", en: "Last Name", es: "Apellido" },
  { key: "contact.form.email", en: "Email", es: "Correo electrónico" },
  { key: "contact.form.phone", en: "Phone (optional)", es: "Teléfono (opcional)" },
  { key: "contact.form.subject", en: "Subject", es: "Asunto" },
  { key: "contact.form.subject_placeholder", en: "Select a subject", es: "Seleccione un asunto" },
  {
    key: "contact.form.subject.property-management",
    en: "Property Management",
    es: "Administración de propiedades",
  },
  { key: "contact.form.subject.investment", en: "Investment Opportunities", es: "Oportunidades de inversión" },
  { key: "contact.form.subject.development", en: "Development", es: "Desarrollo" },
  { key: "contact.form.subject.rental-inquiry", en: "Rental Inquiry", es: "Consulta sobre renta" },
  { key: "contact.form.subject.other", en: "Other", es: "Otro" },
  { key: "contact.form.message", en: "Message", es: "Mensaje" },
  { key: "contact.form.message_placeholder", en: "How can we help you?", es: "¿En qué podemos ayudarle?" },
  {
    key: "contact.form.required_hint",
    en: "Fields marked * are required.",
    es: "Los campos marcados con * son obligatorios.",
  },
  { key: "contact.form.submit", en: "Send Message", es: "Enviar mensaje" },
  { key: "contact.inquiry.about", en: "About this home:", es: "Sobre esta casa:" },
  { key: "contact.inquiry.first_line", en: "I'm interested in {{name}} ({{location}}).", es: "Me interesa {{name}} ({{location}})." },
  { key: "contact.inquiry.clear", en: "Ask about something else", es: "Preguntar por otra cosa" },
  { key: "contact.form.sending", en: "Sending...", es: "Enviando..." },
  { key: "contact.success.title", en: "Message Sent!", es: "¡Mensaje enviado!" },
  {
    key: "contact.success.text",
    en: "Thank you for your message. We will get back to you soon.",
    es: "Gracias por su mensaje. Nos comunicaremos con usted muy pronto.",
  },
  { key: "contact.success.another", en: "Send another message", es: "Enviar otro mensaje" },
  { key: "contact.error.title", en: "Error", es: "Ocurrió un error" },
  {
    key: "contact.error.text",
    en: "Failed to send message. Please try again.",
    es: "No se pudo enviar el mensaje. Por favor, inténtelo de nuevo.",
  },
  {
    key: "contact.error.rate_limited",
    en: "Too many messages. Please wait a few minutes and try again.",
    es: "Demasiados mensajes. Por favor, espere unos minutos e inténtelo de nuevo.",
  },

  // Validation
  {
    key: "validation.first_name_required",
    en: "Please enter your first name.",
    es: "Por favor, escriba su nombre.",
  },
  {
    key: "validation.last_name_required",
    en: "Please enter your last name.",
    es: "Por favor, escriba su apellido.",
  },
  {
    key: "validation.email_invalid",
    en: "Please enter a valid email address.",
    es: "Por favor, escriba un correo electrónico válido.",
  },
  {
    key: "validation.phone_invalid",
    en: "Please enter a valid phone number.",
    es: "Por favor, escriba un número de teléfono válido.",
  },
  { key: "validation.subject_required", en: "Please choose a subject.", es: "Por favor, elija un asunto." },
  { key: "validation.message_required", en: "Please enter a message.", es: "Por favor, escriba un mensaje." },
  { key: "validation.too_long", en: "This text is too long.", es: "Este texto es demasiado largo." },
  {
    key: "validation.special_characters",
    en: "Please remove special characters (such as line breaks) from this field.",
    es: "Por favor, quite los caracteres especiales (como los saltos de línea) de este campo.",
  },

  // Toasts
  { key: "toast.close", en: "Dismiss notification", es: "Cerrar notificación" },
  { key: "toast.region", en: "Notifications", es: "Notificaciones" },

  // Not found & errors
  { key: "notfound.meta_title", en: "Page Not Found", es: "Página no encontrada" },
  { key: "notfound.title", en: "Page Not Found", es: "Página no encontrada" },
  {
    key: "notfound.text",
    en: "Did you forget to add the page to the router?",
    es: "¿Olvidó agregar la página al enrutador?",
  },
  { key: "notfound.home", en: "Go back home", es: "Volver al inicio" },
  { key: "error.title", en: "Something went wrong", es: "Algo salió mal" },
  {
    key: "error.text",
    en: "We could not load this page. Please try again in a moment.",
    es: "No pudimos cargar esta página. Por favor, inténtelo de nuevo en un momento.",
  },
  { key: "error.home", en: "Go back home", es: "Volver al inicio" },
  // The database could not be used (app/db/faults.ts).
  { key: "error.busy.title", en: "We are busy right now", es: "Estamos ocupados en este momento" },
  {
    key: "error.busy.text",
    en: "The site is busy with other changes, so nothing was saved. Please try again in a few seconds.",
    es: "El sitio está ocupado con otros cambios, así que no se guardó nada. Por favor, inténtelo de nuevo en unos segundos.",
  },
  { key: "error.full.title", en: "We could not save this", es: "No pudimos guardar esto" },
  {
    key: "error.full.text",
    en: "The site has run out of storage space, so nothing was saved. Please try again later, or call us.",
    es: "El sitio se quedó sin espacio de almacenamiento, así que no se guardó nada. Por favor, inténtelo más tarde o llámenos.",
  },
  { key: "image.placeholder_alt", en: "Photo not available", es: "Foto no disponible" },

  // Contact form (added with the contact feature)
  {
    key: "contact.error.invalid",
    en: "Please correct the highlighted fields.",
    es: "Por favor, corrija los campos marcados.",
  },
  { key: "contact.form.honeypot", en: "Leave this field empty", es: "Deje este campo en blanco" },
  { key: "toast.label", en: "Notification", es: "Notificación" },
  {
    key: "api.error.json_object_required",
    en: "The request body must be a JSON object.",
    es: "El cuerpo de la solicitud debe ser un objeto JSON.",
  },
];
