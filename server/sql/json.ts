/**
 * SQL expressions that build the API's nested JSON shapes, so that every call answers the same
 * shape for the same entity. Each takes the alias of the row it reads; aliases are code, never input.
 */

export const employeeJson = (e: string) =>
  `CASE WHEN ${e}.id IS NULL THEN NULL ELSE json_build_object(
     '_id', ${e}.id, 'name', ${e}.name, 'lastName', ${e}.last_name, 'email', ${e}.email, 'avatar', ${e}.avatar) END`;

export const businessJson = (b: string) =>
  `CASE WHEN ${b}.id IS NULL THEN NULL ELSE json_build_object('_id', ${b}.id, 'name', ${b}.name) END`;

export const typologyJson = (t: string) =>
  `CASE WHEN ${t}.id IS NULL THEN NULL ELSE json_build_object('_id', ${t}.id, 'name', ${t}.name, 'photos', ${t}.photos) END`;

/** A place with its typology (`t` joined on place.typology_id). */
export const placeJson = (p: string, t: string) =>
  `CASE WHEN ${p}.id IS NULL THEN NULL ELSE json_build_object(
     '_id', ${p}.id, 'name', ${p}.name, 'typology', ${typologyJson(t)}) END`;

/** A client ("user" in the API); `extra` adds `'key', expr` pairs. */
export const clientJson = (u: string, extra = '') =>
  `CASE WHEN ${u}.id IS NULL THEN NULL ELSE json_build_object(
     '_id', ${u}.id, 'name', ${u}.name, 'lastName', ${u}.last_name, 'email', ${u}.email,
     'documentType', ${u}.document_type, 'documentID', ${u}.document_id, 'nationality', ${u}.nationality,
     'gender', ${u}.gender, 'category', ${u}.category, 'country', ${u}.country, 'state', ${u}.state,
     'city', ${u}.city, 'zipcode', ${u}.zipcode, 'phone', ${u}.phone, 'masterID', ${u}.master_id,
     'photo', ${u}.photo, 'avatar', ${u}.avatar, 'isCompany', ${u}.is_company, 'companyName', ${u}.company_name,
     'deleted', ${u}.deleted${extra ? `, ${extra}` : ''}) END`;

/** A client with every stored field (client detail, user by id). */
export const clientDetailJson = (u: string) =>
  `json_build_object(
     '_id', ${u}.id, 'name', ${u}.name, 'lastName', ${u}.last_name, 'email', ${u}.email, 'phone', ${u}.phone,
     'birthday', ${u}.birthday, 'documentType', ${u}.document_type, 'documentID', ${u}.document_id,
     'nationality', ${u}.nationality, 'gender', ${u}.gender, 'category', ${u}.category, 'country', ${u}.country,
     'state', ${u}.state, 'city', ${u}.city, 'zipcode', ${u}.zipcode, 'address', ${u}.address,
     'addressDetail', ${u}.address_detail, 'isUnderage', ${u}.is_underage, 'isCompany', ${u}.is_company,
     'companyName', ${u}.company_name, 'masterID', ${u}.master_id, 'photo', ${u}.photo, 'avatar', ${u}.avatar,
     'signature', ${u}.signature, 'extraData', ${u}.extra_data, 'deleted', ${u}.deleted,
     'createdAt', ${u}.created_at, 'updatedAt', ${u}.updated_at)`;

/** A booking's own fields with its place (`p`, typology `t`) and owner (`u`); `extra` adds `'key', expr` pairs. */
export const bookingJson = (b: string, p: string, t: string, u: string, extra = '') =>
  `json_build_object(
     '_id', ${b}.id, 'ref', ${b}.ref, 'status', ${b}.status, 'dateStart', ${b}.date_start, 'dateEnd', ${b}.date_end,
     'createdAt', ${b}.created_at, 'updatedAt', ${b}.updated_at, 'wayContactName', ${b}.way_contact_name,
     'withPet', ${b}.with_pet, 'isNational', ${b}.is_national, 'withWarranty', ${b}.with_warranty,
     'channelProvidedCreditCard', ${b}.channel_provided_credit_card, 'isShortStay', ${b}.is_short_stay,
     'adults', ${b}.adults, 'children', ${b}.children, 'cloudID', ${b}.cloud_id, 'subCloudID', ${b}.sub_cloud_id,
     'priceByMonth', ${b}.price_by_month, 'total', ${b}.total, 'isVirtual', ${b}.is_virtual,
     'place', ${placeJson(p, t)}, 'user', ${clientJson(u)}${extra ? `, ${extra}` : ''})`;

/** The nightly rates of booking `b`, by date. */
export const ratesJson = (b: string) =>
  `(SELECT coalesce(json_agg(json_build_object('date', r.date, 'totalRate', r.total_rate, 'closed', r.closed)
                             ORDER BY r.date), '[]'::json)
      FROM booking_rates r WHERE r.booking_id = ${b}.id)`;

/**
 * The nightly rates of booking `b` summed per calendar month, by month: `[{ month: 'YYYY-MM-01', total }]`
 * (the follow-up screen's month columns, without sending every night).
 */
export const monthTotalsJson = (b: string) =>
  `(SELECT coalesce(json_agg(json_build_object('month', m.month, 'total', m.total) ORDER BY m.month), '[]'::json)
      FROM (SELECT r.date - (extract(day FROM r.date)::int - 1) AS month, sum(r.total_rate) AS total
              FROM booking_rates r WHERE r.booking_id = ${b}.id GROUP BY 1) m)`;

/** A booking order's own fields (no items), with employee `e` and business `bu`. */
export const orderJson = (o: string, e: string, bu: string, extra = '') =>
  `json_build_object(
     '_id', ${o}.id, 'name', ${o}.name, 'invoice', ${o}.invoice, 'total', ${o}.total, 'subtotal', ${o}.subtotal,
     'discount', ${o}.discount, 'currency', ${o}.currency, 'isSecondary', ${o}.is_secondary,
     'isForLodging', ${o}.is_for_lodging, 'isVirtual', ${o}.is_virtual, 'tipInclude', ${o}.tip_include,
     'employee', ${employeeJson(e)}, 'business', ${businessJson(bu)},
     'createdAt', ${o}.created_at, 'updatedAt', ${o}.updated_at${extra ? `, ${extra}` : ''})`;

/** A payment with employee `e`; `booking` carries the ref given by `refExpr`. */
export const payJson = (pay: string, e: string, refExpr: string) =>
  `json_build_object(
     '_id', ${pay}.id, 'booking', json_build_object('ref', ${refExpr}), 'authorization', ${pay}.authorization,
     'isForLodging', ${pay}.is_for_lodging, 'type', ${pay}.type, 'paymentMethod', ${pay}.payment_method,
     'amount', ${pay}.amount,
     'split', CASE WHEN ${pay}.split_amount IS NULL THEN NULL
                   ELSE json_build_object('amount', ${pay}.split_amount, 'boucher', ${pay}.split_boucher) END,
     'employee', ${employeeJson(e)}, 'createdAt', ${pay}.created_at)`;

/** The orders of booking `b` (no items), by creation. */
export const bookingOrdersJson = (b: string) =>
  `(SELECT coalesce(json_agg(${orderJson('o', 'oe', 'ob')} ORDER BY o.created_at, o.id), '[]'::json)
      FROM booking_orders o
      LEFT JOIN employees oe ON oe.id = o.employee_id
      LEFT JOIN businesses ob ON ob.id = o.business_id
     WHERE o.booking_id = ${b}.id)`;

/** The payments of booking `b`, by creation. */
export const bookingPaysJson = (b: string) =>
  `(SELECT coalesce(json_agg(${payJson('pa', 'pe', `${b}.ref`)} ORDER BY pa.created_at, pa.id), '[]'::json)
      FROM payments pa LEFT JOIN employees pe ON pe.id = pa.employee_id
     WHERE pa.booking_id = ${b}.id)`;

/** The items of booking order `o`, by id. */
export const orderItemsJson = (o: string) =>
  `(SELECT coalesce(json_agg(json_build_object(
       '_id', oi.id, 'type', json_build_object('code', oi.type_code, 'percent', oi.type_percent),
       'isFree', oi.is_free, 'priceSubtotal', oi.price_subtotal, 'priceTotal', oi.price_total, 'name', oi.name,
       'count', oi.count, 'countType', oi.count_type) ORDER BY oi.id), '[]'::json)
      FROM booking_order_items oi WHERE oi.order_id = ${o}.id)`;
