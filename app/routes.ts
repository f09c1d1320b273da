import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("print", "routes/print.tsx"),
  route("basket", "routes/basket.tsx"),
  route("faq", "routes/faq.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("terms", "routes/terms.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("category/:subcategoryId/:subcategorySlug", "routes/subcategory.tsx"),
  route(":categorySlug", "routes/category.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
