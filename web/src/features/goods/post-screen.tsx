import type { CreateGoodsBody } from "@xianzhi/contract";
import { CATEGORIES, CONDITIONS, GoodsLimits } from "@xianzhi/contract/constants";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorText } from "../../app/api-error";
import { paths, titles } from "../../app/paths";
import { SHARED_PARAM } from "../../app/service-worker/caches";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Skeleton } from "../../components/kit";
import { shownNameRule } from "../../components/name-rules";
import { message } from "../../components/toasts";
import { useDocumentTitle } from "../../components/use-document-title";
import { PICTURE_HINT, type PictureItem, PictureUploader } from "../pictures/ui";
import { useCreateGoodsMutation, useGoodsInfoQuery, useUpdateGoodsMutation } from "./goods-api";
import styles from "./post.module.css";

interface PostValues {
  title: string;
  description?: string;
  priceYuan: number;
  originalPriceYuan?: number | null;
  category: CreateGoodsBody["category"];
  condition: CreateGoodsBody["condition"];
  location?: string;
  pictures: PictureItem[];
}

const maxYuan = GoodsLimits.priceMaxCents / 100;
const toCents = (yuan: number) => Math.round(yuan * 100);
const categoryOptions = Object.entries(CATEGORIES).map(([value, label]) => ({ value, label }));

/** Post new goods, or edit one's own (?edit=id). Prices are typed in yuan and sent in fen. */
export default function PostScreen() {
  useDocumentTitle(titles.post);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get("edit");
  // Pictures shared to 闲置 from the phone's gallery (the share target): they upload as the screen opens.
  const sharedBatch = params.get(SHARED_PARAM);
  const { data: editing, isLoading } = useGoodsInfoQuery(editId ?? "", { skip: !editId });
  const [form] = Form.useForm<PostValues>();
  const [createGoods, createState] = useCreateGoodsMutation();
  const [updateGoods, updateState] = useUpdateGoodsMutation();
  const [error, setError] = useState("");

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue({
      title: editing.title,
      description: editing.description,
      priceYuan: editing.priceCents / 100,
      originalPriceYuan: editing.originalPriceCents === null ? null : editing.originalPriceCents / 100,
      category: editing.category,
      condition: editing.condition,
      location: editing.location,
      pictures: editing.pictures.map((picture) => ({ fileId: picture.fileId, thumbUrl: picture.thumbUrl })),
    });
  }, [editing, form]);

  const submit = async (values: PostValues) => {
    setError("");
    const body = {
      title: values.title,
      description: values.description ?? "",
      priceCents: toCents(values.priceYuan),
      originalPriceCents: values.originalPriceYuan == null ? null : toCents(values.originalPriceYuan),
      category: values.category,
      condition: values.condition,
      location: values.location ?? "",
      fileIds: (values.pictures ?? []).map((picture) => picture.fileId),
    };
    const result = editId ? await updateGoods({ id: editId, body }) : await createGoods(body);
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success(editId ? "已保存" : "发布成功");
    navigate(paths.goodsInfo(result.data.id), { replace: true });
  };

  if (editId && isLoading) return <Skeleton active className="page" />;

  return (
    <div className={`page ${styles.postPage}`}>
      <Card title={<h1 className={styles.postPageTitle}>{editId ? "编辑闲置" : "发布闲置"}</h1>}>
        <FingerSized>
          <Form
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ condition: "good", pictures: [] }}
            scrollToFirstError
          >
            <Form.Item name="pictures" label="图片" extra={PICTURE_HINT}>
              <PictureUploader sharedBatch={sharedBatch} />
            </Form.Item>
            <Form.Item
              name="title"
              label="标题"
              rules={[
                { required: true, whitespace: true },
                { min: GoodsLimits.titleMin, max: GoodsLimits.titleMax },
                shownNameRule("标题"),
              ]}
            >
              <Input
                placeholder="品牌型号、新旧程度，如：iPhone 13 128G 九成新"
                maxLength={GoodsLimits.titleMax}
                showCount
              />
            </Form.Item>
            <Form.Item name="description" label="描述" rules={[{ max: GoodsLimits.descriptionMax }]}>
              <Input.TextArea
                placeholder="说说入手渠道、使用感受、有无瑕疵、转手原因"
                autoSize={{ minRows: 4, maxRows: 10 }}
                maxLength={GoodsLimits.descriptionMax}
                showCount
              />
            </Form.Item>
            <div className={styles.postPagePrices}>
              <Form.Item
                name="priceYuan"
                label="价格（元）"
                rules={[{ required: true }, { type: "number", min: 0, max: maxYuan }]}
              >
                <InputNumber min={0} max={maxYuan} precision={2} prefix="¥" className={styles.postPagePrice} />
              </Form.Item>
              <Form.Item
                name="originalPriceYuan"
                label="原价（元，可不填）"
                rules={[{ type: "number", min: 0, max: maxYuan }]}
              >
                <InputNumber min={0} max={maxYuan} precision={2} prefix="¥" className={styles.postPagePrice} />
              </Form.Item>
            </div>
            <Form.Item name="category" label="分类" rules={[{ required: true, message: "请选择分类" }]}>
              <Select options={categoryOptions} placeholder="请选择分类" />
            </Form.Item>
            <Form.Item name="condition" label="成色" rules={[{ required: true, message: "请选择成色" }]}>
              <Radio.Group
                optionType="button"
                options={Object.entries(CONDITIONS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="location" label="所在地" rules={[{ max: GoodsLimits.locationMax }]}>
              <Input placeholder="如：上海 徐汇" maxLength={GoodsLimits.locationMax} />
            </Form.Item>
            {error && <Alert type="error" title={error} showIcon role="alert" className={styles.postPageError} />}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              className={styles.postPageSubmit}
              loading={createState.isLoading || updateState.isLoading}
            >
              {editId ? "保存修改" : "发布"}
            </Button>
          </Form>
        </FingerSized>
      </Card>
    </div>
  );
}
