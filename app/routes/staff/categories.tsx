import { useState } from "react";
import { Link } from "react-router";
import { CategoryFields } from "../../components/back-office/category-forms";
import { PictureUpload } from "../../components/back-office/picture-upload";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { fetchCategories, uploadCategoryImage, type CategoryTree } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/categories";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Categories | Printwise back office" }, { name: "robots", content: "noindex" }];

/** The shop's menu: each category's words, picture and place, and its subcategories'. */
export default function Categories() {
  const [tree, setTree] = useState<CategoryTree | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // After a save the tree is read again; each form keeps what it holds (the saved details), its message
  // and whether it is open.
  const reload = async () => setTree((await fetchCategories()).categories);
  useSignedInLoad(
    (_userId, signal) =>
      void fetchCategories(signal).then(
        (answer) => setTree(answer.categories),
        (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)),
      ),
  );

  return (
    <section aria-labelledby="categories-heading" className="max-w-4xl">
      <p className="text-sm">
        <Link to="/staff/catalogue" className="text-brand-700 underline-offset-2 hover:underline">← Products and prices</Link>
      </p>
      <h1 id="categories-heading" className="mt-2 text-2xl font-bold">Categories</h1>
      <p className="mt-1 text-sm text-slate-600">The menu every page shows: names, addresses, words for search engines, pictures and order. Customers see a change at once.</p>
      {problem ? <p role="alert" className="mt-4 font-semibold text-red-800">{problem}</p> : null}
      {tree === null && !problem ? <LoadingState label="Loading the categories..." rows={5} className="mt-4" /> : null}
      {(tree ?? []).map((category) => (
        <details key={category.id} className="mt-4 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" open={tree?.length === 1}>
          <summary className="cursor-pointer px-4 py-3 font-semibold">
            {category.name} <span className="font-normal text-slate-500">/{category.slug} · {category.subcategories.length} subcategories{category.visible ? "" : " · hidden from customers"}</span>
          </summary>
          <div className="space-y-4 border-t border-slate-100 p-4">
            <PictureUpload
              id={`category-${category.id}-picture`}
              label="Category picture"
              image={category.image}
              upload={(file, onProgress) => uploadCategoryImage(category.id, file, onProgress)}
              onChanged={reload}
            />
            <CategoryFields kind="category" id={category.id} details={withoutExtras(category)} onSaved={reload} />
            <h2 className="pt-2 text-lg font-semibold">Subcategories of {category.name}</h2>
            {category.subcategories.map((sub) => (
              <div key={sub.id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
                <CategoryFields kind="subcategory" id={sub.id} details={withoutId(sub)} onSaved={reload} />
              </div>
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}

function withoutExtras(category: CategoryTree[number]) {
  const { id: _id, image: _image, subcategories: _subs, ...details } = category;
  return details;
}
function withoutId(sub: CategoryTree[number]["subcategories"][number]) {
  const { id: _id, ...details } = sub;
  return details;
}
