/** Shapes the detail panels share, as the API answers them. */

export interface Person {
  name: string | null;
  lastName: string | null;
}

/** A client (the API's user) as the booking owner and the client detail show it. */
export interface Client extends Person {
  documentType: string | null;
  documentID: string | null;
  email: string | null;
  nationality: string | null;
  gender: string | null;
  category: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zipcode: string | null;
  phone: string | null;
  masterID: string | null;
  photo: string | null;
  avatar: string | null;
}

/** A server-paged answer: one page of rows and the count of every match. */
export interface Paged<T> {
  data: T[];
  total: number;
}
