-- Client list (and user lookup): their default order name, last name, id read from an index, so a page needs no sort of every client.
CREATE INDEX clients_name_order_idx ON clients (name, last_name, id);
